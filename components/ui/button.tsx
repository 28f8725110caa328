import type { ComponentProps } from 'react';

import { cx } from './cx';

/**
 * The site's buttons: one look for every call to action instead of hand-copied class strings. The looks are the
 * `btn-*` classes of app/globals.css (theme tokens, contrast checked in both themes there); the danger colours
 * are the red pair the forms already use for alerts; inverse is a white outline on a dark image or gradient (the
 * home hero). Nothing here imports the router, so small islands can use Button without it (ButtonLink lives in
 * button-link.tsx). The few islands in every page's or route's first load (error screens, cookie banner,
 * newsletter and contact forms, registration opener) write the classes out ('btn btn-primary btn-md
 * rounded-full') instead of importing this module, which keeps their JavaScript as small as before; the look
 * still lives in the stylesheet, and tests/unit/ui-primitives.test.ts checks every btn-* name they use exists.
 */
export type ButtonVariant = 'primary' | 'outline' | 'danger' | 'accent' | 'inverse';
/** sm: dense rows (admin tables, the chat composer); md: forms and cards (44 px target); lg: page calls to action. */
export type ButtonSize = 'sm' | 'md' | 'lg';
/** pill: the public site's rounded-full; rounded: forms and back-office panels. */
export type ButtonShape = 'pill' | 'rounded';

/** Shapes are plain utilities; everything else is a class of app/globals.css (`btn`, `btn-{variant}`, `btn-{size}`). */
const SHAPES: Record<ButtonShape, string> = { pill: 'rounded-full', rounded: 'rounded-lg' };

/**
 * The class string of a button look, for the few elements that must look like a button without being one of the
 * components below (a <summary>, a label, a third-party element). Takes the variant, size and shape (defaults:
 * primary, md, pill); returns Tailwind classes.
 */
export function buttonClass(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  shape: ButtonShape = 'pill',
): string {
  return `btn btn-${variant} btn-${size} ${SHAPES[shape]}`;
}

/** A button's look: variant, size and shape (see buttonClass). */
export type Look = { variant?: ButtonVariant; size?: ButtonSize; shape?: ButtonShape };

export type ButtonProps = ComponentProps<'button'> & Look;

/**
 * A <button> in one of the looks. `type` defaults to "button" so a button inside a form never submits it by
 * accident (pass type="submit", or use SubmitButton). Extra classes (margins, width) go in `className`.
 */
export function Button({ variant, size, shape, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={cx(buttonClass(variant, size, shape), className)} {...props} />;
}
