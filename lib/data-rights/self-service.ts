import type { SupabaseAccount } from '@/lib/auth/supabase-admin';
import type { PersonalDataRows } from '@/lib/db';
import { AUTH_EMAIL_KIND, NEWSLETTER_CONFIRM_KIND, normaliseEmail } from '@/lib/db';

/**
 * What a signed-in person downloads about themselves (GET /api/account/export), as opposed to the complete record
 * an admin exports after review (/admin/data-rights). Pure. The person gets what they gave us and what we did
 * with it for them: their enquiries as they sent them, the replies actually emailed to them, their network
 * registration, newsletter subscription (with its consent), account, sessions, roles, enrolments, progress and
 * certificates, and the emails actually sent to them. Never in it: the staff's internal notes on an enquiry (they
 * can name other people, such as those in an incident report, and hold assessments that the charity may have to
 * redact after review, as the ICO's subject access guidance allows), who on the staff wrote a reply or handles an
 * enquiry, delivery and sync error texts, retry counters, and outbox items that went to staff or to a provider.
 * A complete subject access request goes to the admin, who reviews the full export.
 */

/** An enquiry as its sender sent it, with where it stands (no staff assignment, no delivery bookkeeping). */
export type OwnEnquiry = Pick<
  PersonalDataRows['enquiries'][number],
  'id' | 'name' | 'email' | 'message' | 'locale' | 'status' | 'createdAt'
>;

/** A reply emailed to the person, without its author. */
export interface OwnReply {
  enquiryId: string;
  body: string;
  writtenAt: Date;
  sentAt: Date | null;
}

/** An email sent to the person: what and when, without its payload or delivery errors. */
export interface OwnSend {
  id: string;
  kind: string;
  subject: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

export type OwnNewsletterRow = Omit<
  PersonalDataRows['newsletter'][number],
  'syncStatus' | 'syncAttempts' | 'syncLastError' | 'syncedAt'
>;

/** The self-service export document (`format` tells it apart from the admin's complete export). */
export interface OwnPersonalDataExport {
  format: 'personal-data-export/self-1';
  generatedAt: string;
  email: string;
  /** What this document leaves out, and where to ask for it (a sentence, in English like the field names). */
  scope: string;
  supabaseAccount: SupabaseAccount | null;
  enquiries: OwnEnquiry[];
  replies: OwnReply[];
  registrations: PersonalDataRows['registrations'];
  newsletter: OwnNewsletterRow[];
  accounts: PersonalDataRows['accounts'];
  sessions: PersonalDataRows['sessions'];
  roles: PersonalDataRows['roles'];
  enrolments: PersonalDataRows['enrolments'];
  progress: PersonalDataRows['progress'];
  certificates: PersonalDataRows['certificates'];
  emailsSent: OwnSend[];
}

export const SELF_EXPORT_SCOPE =
  'Your own data: what you sent us, your account, enrolments, progress, certificates, consents and the emails we sent you. ' +
  'Staff notes about your enquiries are not included; to ask for everything we hold, contact us (see our privacy policy).';

/** The outbox kind of a staff reply (lib/mailing's ENQUIRY_REPLY_KIND, which its entry does not export). */
const ENQUIRY_REPLY_KIND = 'enquiry.reply';

/** Outbox kinds that are an email to the person the item is addressed to. */
const EMAIL_KINDS: readonly string[] = [AUTH_EMAIL_KIND, NEWSLETTER_CONFIRM_KIND, ENQUIRY_REPLY_KIND];

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The self-service view of everything found about `email` (see the module's comment for what stays out).
 * Takes the complete rows (selectPersonalData) and the Supabase account; returns a new document.
 */
export function selfServiceExport(
  email: string,
  rows: PersonalDataRows,
  supabaseAccount: SupabaseAccount | null,
  now: Date = new Date(),
): OwnPersonalDataExport {
  const address = normaliseEmail(email);
  const enquiryIds = new Set(rows.enquiries.map((e) => e.id));
  const sent = rows.outbox.filter((item) => item.status === 'sent');
  const sentById = new Map(sent.map((item) => [item.id, item]));
  const toThem = sent.filter((item) => {
    if (!EMAIL_KINDS.includes(item.kind)) return false;
    if (item.kind === ENQUIRY_REPLY_KIND) return enquiryIds.has(String(item.payload.enquiryId ?? ''));
    const to = text(item.payload.to) ?? text(item.payload.email);
    return to !== null && normaliseEmail(to) === address;
  });
  return {
    format: 'personal-data-export/self-1',
    generatedAt: now.toISOString(),
    email: address,
    scope: SELF_EXPORT_SCOPE,
    supabaseAccount,
    enquiries: rows.enquiries.map(({ id, name, email: from, message, locale, status, createdAt }) => ({
      id,
      name,
      email: from,
      message,
      locale,
      status,
      createdAt,
    })),
    replies: rows.enquiryNotes.flatMap((note) => {
      const item = note.kind === 'reply' && note.outboxId ? sentById.get(note.outboxId) : undefined;
      return item
        ? [{ enquiryId: note.enquiryId, body: note.body, writtenAt: note.createdAt, sentAt: item.sentAt }]
        : [];
    }),
    registrations: rows.registrations,
    newsletter: rows.newsletter.map((row) => {
      const own: Partial<PersonalDataRows['newsletter'][number]> = { ...row };
      delete own.syncStatus;
      delete own.syncAttempts;
      delete own.syncLastError;
      delete own.syncedAt;
      return own as OwnNewsletterRow;
    }),
    accounts: rows.accounts,
    sessions: rows.sessions,
    roles: rows.roles,
    enrolments: rows.enrolments,
    progress: rows.progress,
    certificates: rows.certificates,
    emailsSent: toThem.map((item) => ({
      id: item.id,
      kind: item.kind,
      subject: text(item.payload.subject),
      createdAt: item.createdAt,
      sentAt: item.sentAt,
    })),
  };
}
