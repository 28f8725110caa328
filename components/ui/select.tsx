import type { ComponentProps } from 'react';

import { controlClass, type Density } from './field';

/** A native <select> in the form look (`compact` for back-office toolbars); options are its children. */
export function Select({ compact, className, ...props }: ComponentProps<'select'> & Density) {
  return <select className={controlClass(compact, className)} {...props} />;
}
