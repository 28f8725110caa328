import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver whose zod schema (and zod itself, about 31 KB compressed) is loaded on first use
 * instead of with the page: `load` imports the form's schema module. The same schema then validates as with
 * `zodResolver(schema)` (field errors are the schema's message keys). `preload()` starts the download early – call
 * it when the person first focuses the form, so a slow phone has it before the first submit. A failed download is
 * retried on the next validation.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  load: () => Promise<z.ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> & { preload: () => void } {
  let ready: Promise<Resolver<Input, unknown, Output>> | undefined;
  const get = () =>
    (ready ??= Promise.all([load(), import('@hookform/resolvers/zod')])
      .then(([schema, { zodResolver }]) => zodResolver(schema) as Resolver<Input, unknown, Output>)
      .catch((error: unknown) => {
        ready = undefined;
        throw error;
      }));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await get())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      get().catch(() => undefined);
    },
  });
}
