/**
 * For tests of the course manage page's server actions (lib/courses/actions.ts) outside Next: mock
 * `@/i18n/navigation` so `redirect` throws `Redirected` (`vi.mock('@/i18n/navigation', async () => (await
 * import('../helpers/manage-action')).redirectMock)`: vi.mock is hoisted above static imports), then
 * `submitManageForm` runs the action with a form and returns where it redirected, as `{locale}:{href}`.
 */
export class Redirected extends Error {
  constructor(readonly href: string) {
    super(`redirect to ${href}`);
  }
}

export const redirectMock = {
  redirect: ({ href, locale }: { href: string; locale: string }) => {
    throw new Redirected(`${locale}:${href}`);
  },
};

/** Runs `action` with these form fields (locale 'en' unless given); @returns `{locale}:{href}` it redirected to. */
export async function submitManageForm(
  action: (form: FormData) => Promise<void>,
  fields: Record<string, string>,
): Promise<string> {
  const form = new FormData();
  for (const [key, value] of Object.entries({ locale: 'en', ...fields })) form.set(key, value);
  try {
    await action(form);
  } catch (error) {
    if (error instanceof Redirected) return error.href;
    throw error;
  }
  throw new Error('the action did not redirect');
}
