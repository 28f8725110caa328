'use client';

import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

import { Field, FieldError, labelClass } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import type { CountryOption } from '@/lib/countries';

/**
 * Radios or checkboxes in a fieldset whose legend names the group; the group's message is tied to the
 * fieldset (aria-describedby), and each box to its own label.
 */
export function ChoiceGroup({
  type,
  legend,
  required,
  columns,
  error,
  options,
  checked = [],
  firstId,
  registration,
}: {
  type: 'radio' | 'checkbox';
  legend: string;
  required?: boolean;
  columns?: boolean;
  error?: string;
  options: { value: string; label: string }[];
  /** The values ticked at first (written into the server HTML too). */
  checked?: readonly string[];
  /** The first box's id (the error summary links to it). */
  firstId?: string;
  registration: { name: string } & Partial<UseFormRegisterReturn>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className={labelClass}>
        {legend} {required ? <span aria-hidden="true">*</span> : null}
      </legend>
      <div className={`mt-2 grid gap-2 ${columns ? 'sm:grid-cols-2' : 'sm:grid-cols-3'}`}>
        {options.map((option, index) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-border px-3 py-2 hover:bg-surface has-[:checked]:border-brand has-[:checked]:bg-surface"
          >
            <input
              id={index === 0 ? firstId : undefined}
              type={type}
              value={option.value}
              defaultChecked={checked.includes(option.value)}
              className="size-5 accent-[var(--brand)]"
              {...registration}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

/**
 * The required country list, disabled (with `placeholder` as its empty option, e.g. 'Detecting location...')
 * until the country names and the location guess have loaded.
 */
export function CountrySelect({
  label,
  placeholder,
  detecting,
  countries,
  error,
  defaultValue,
  id,
  registration,
}: {
  /** The select's id (the error summary links to it). */
  id?: string;
  label: string;
  placeholder: string;
  detecting: boolean;
  countries: CountryOption[];
  error?: string;
  /** The first choice (a country code), written into the server HTML too. */
  defaultValue?: string;
  registration: { name: string } & Partial<UseFormRegisterReturn>;
}) {
  return (
    <Field label={label} error={error} required id={id}>
      {(control) => (
        <Select
          {...control}
          autoComplete="country"
          disabled={detecting}
          defaultValue={defaultValue}
          {...registration}
        >
          <option value="">{placeholder}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
