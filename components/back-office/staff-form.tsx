import { StaffFormClient, type StaffFormClientProps } from './staff-form-client';

export { StaffSubmit, type StaffSubmitProps } from './staff-form-client';

export type StaffFormProps = Omit<StaffFormClientProps, 'requestKey'>;

/**
 * Every staff form of the back office (D4 and D16 of the back-office review). Server component: it makes a fresh
 * single-use `requestKey` (a UUID) for each render and hands it to the browser part, which posts it with the
 * form's fields. The action (lib/back-office/actions.ts) claims the key in the pipeline before its operation
 * runs, so a double click, a resent post or a reload runs the operation once and every later submit answers the
 * first one's outcome; after the redirect the page renders a new key. In the browser a second submit is ignored
 * and the submit button (`StaffSubmit`) is disabled while pending; `confirm` asks a translated question before a
 * destructive submit (with JavaScript; without it the form posts at once, the key still dedupes).
 *
 *   <StaffForm action={retryDeliveryAction} locale={locale} fields={{ id }} confirm={t('confirmGiveUp')}>
 *     <StaffSubmit variant="outline">{t('retry')}</StaffSubmit>
 *   </StaffForm>
 */
export function StaffForm(props: StaffFormProps) {
  return <StaffFormClient requestKey={crypto.randomUUID()} {...props} />;
}
