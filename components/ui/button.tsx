import type { ComponentProps } from 'react';

import { cx } from './cx';

/**
 * The site's buttons: one look for every call to action instead of hand-copied class strings. Colours are the
 * theme tokens of app/globals.css (contrast checked in both themes there); the danger colours are the red pair
 * the forms already use for alerts; inverse is a white outline on a dark image or gradient (the home hero).
 * No imports beyond React, so the error screens and small islands can use it without the router's Link
 * (ButtonLink lives in button-link.tsx).
 */
export type ButtonVariant = 'primary' | 'outline' | 'danger' | 'accent' | 'inverse';
/** sm: dense rows (admin tables, the chat composer); md: forms and cards (44 px target); lg: page calls to action. */
export type ButtonSize = 'sm' | 'md' | 'lg';
/** pill: the public site's rounded-full; rounded: forms and back-office panels. */
export type ButtonShape = 'pill' | 'rounded';

const BASE =
  'inline-flex items-center justify-center gap-2 text-center font-semibold disabled:cursor-not-allowed disabled:opacity-70 aria-busy:cursor-wait';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-brand-fg hover:bg-brand-hover',
  outline: 'border border-border hover:bg-surface',
  danger: 'bg-red-700 text-white hover:bg-red-800 dark:bg-red-300 dark:text-red-950 dark:hover:bg-red-200',
  accent: 'bg-accent text-accent-fg hover:brightness-95',
  inverse: 'border-2 border-white text-white hover:bg-white/10',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'px-4 py-2 text-sm',
  md: 'min-h-11 px-5 py-2.5',
  lg: 'min-h-12 px-6 py-3',
};

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
  return cx(BASE, VARIANTS[variant], SIZES[size], SHAPES[shape]);
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
