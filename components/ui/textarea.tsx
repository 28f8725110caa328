import type { ComponentProps } from 'react';

import { controlClass, type Density } from './field';

/** A <textarea> in the form look (`compact` for a chat composer or a toolbar). */
export function Textarea({ compact, className, ...props }: ComponentProps<'textarea'> & Density) {
  return <textarea className={controlClass(compact, className)} {...props} />;
}
