/**
 * The database schema (docs/SPEC-NOTES.md §3, docs/ARCHITECTURE.md §5), one source for both drivers: PGlite (embedded) and PostgreSQL
 * (DATABASE_URL, Supabase). `npm run db:generate` turns changes here into SQL migrations in lib/db/migrations and
 * copies them to supabase/migrations. Keep it to SQL that PostgreSQL 15 (Debian, Supabase) and PGlite both run.
 *
 * Not `server-only`: drizzle-kit loads this file in plain Node. It holds no secrets and does no I/O.
 *
 * Conventions: uuid keys from gen_random_uuid(), times as `timestamptz`, money as numeric(10,2) read as a JS
 * number (pounds), states as text with a CHECK (cheaper to extend than a Postgres enum). `user_id` columns hold
 * the id of the signed-in user (Supabase `auth.users.id`); supabase/ adds the foreign keys to auth.users.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

import { CONTACT_LIMITS } from '@/lib/enquiries/shared';

import { ENQUIRY_STATUSES, EXPERIENCE_LEVELS, SUBSCRIBER_STATUSES, VOLUNTEER_STATUSES } from './enums';

// The value lists of the CHECK constraints live in ./enums.ts, which client code may import (no drizzle there).
export * from './enums';

export const DEFAULT_CERTIFICATION_TITLE = 'Certificate of Completion';
export const DEFAULT_CERTIFICATION_DESCRIPTION =
  'This certifies that the student has successfully completed the course.';

export const MEMBERSHIP_TYPES = ['individual', 'organization'] as const;
/** Outcome of a best-effort side effect recorded on its row: not tried yet, done, or last try failed. */
export const SIDE_EFFECT_STATUSES = ['pending', 'sent', 'failed'] as const;
/** Newsletter provider sync additionally has `skipped`: no provider is configured (embedded default). */
export const SYNC_STATUSES = ['pending', 'synced', 'failed', 'skipped'] as const;
/** Outbox items: `pending` (due at next_attempt_at), `sent`, or `failed` (gave up after the last attempt). */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
/**
 * Back-office roles (user_roles.role_name): `admin` may do everything; `staff` works the inbox and the lists but
 * authors no courses and changes no roles. An admin is also staff.
 */
export const BACK_OFFICE_ROLES = ['admin', 'staff'] as const;
export type BackOfficeRole = (typeof BACK_OFFICE_ROLES)[number];

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });
const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`"${column}" in (${values.map((v) => `'${v}'`).join(', ')})`);
/**
 * The database is a second entry point (a SQL console, a leaked key): CHECKs mirror the zod limits of the forms
 * (lib/forms) so no path can store megabytes or a malformed address.
 */
const maxChars = (column: string, max: number) => sql.raw(`char_length("${column}") <= ${max}`);
const emailShape = (column: string) =>
  sql.raw(`char_length("${column}") <= 254 and "${column}" ~ '^[^@[:space:]]+@[^@[:space:]]+$'`);

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    price: money('price').notNull().default(0),
    thumbnail: text('thumbnail'),
    published: boolean('published').notNull().default(false),
    units: jsonb('units').$type<unknown[]>().notNull().default([]),
    materials: jsonb('materials').$type<unknown[]>().notNull().default([]),
    feedback: jsonb('feedback').$type<unknown[]>().notNull().default([]),
    certificationTitle: text('certification_title').notNull().default(DEFAULT_CERTIFICATION_TITLE),
    certificationDescription: text('certification_description')
      .notNull()
      .default(DEFAULT_CERTIFICATION_DESCRIPTION),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('courses_price_check', sql`${t.price} >= 0`),
    index('courses_published_created_at_idx').on(t.published, t.createdAt.desc()),
  ],
);

export const courseEnrollments = pgTable(
  'course_enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    paymentMethod: text('payment_method').notNull().default('free'),
    paymentId: text('payment_id'),
    amount: money('amount').notNull().default(0),
    /** 'active' on creation (docs/SPEC-NOTES.md §4); other states are not specified yet. */
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('course_enrollments_user_course_key').on(t.userId, t.courseId),
    index('course_enrollments_course_id_idx').on(t.courseId),
    check('course_enrollments_amount_check', sql`${t.amount} >= 0`),
  ],
);

export const userCourseProgress = pgTable(
  'user_course_progress',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completedLessons: textList('completed_lessons'),
    /** Whole percent, 0 to 100. */
    progress: integer('progress').notNull().default(0),
    lastAccessed: timestamp('last_accessed', { withTimezone: true }).notNull().defaultNow(),
    /** The lesson the student opened or completed last (lib/courses resumes there); no FK: lessons may go. */
    lastLessonId: uuid('last_lesson_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The spec writes progress by upsert: one row per user and course.
    unique('user_course_progress_user_course_key').on(t.userId, t.courseId),
    index('user_course_progress_course_id_idx').on(t.courseId),
    check('user_course_progress_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);

/**
 * A course's units, in `position` order (0, 1, 2… kept dense by lib/courses). The jsonb `courses.units` column
 * above is the old site's field (docs/SPEC-NOTES.md §3) and stays an empty list: units and lessons live in these tables.
 */
export const courseUnits = pgTable(
  'course_units',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('course_units_course_position_idx').on(t.courseId, t.position),
    check('course_units_position_check', sql`${t.position} >= 0`),
  ],
);

/**
 * A unit's lessons, in `position` order (dense from 0). `body` is HTML restricted to a small allowlist of text
 * tags and sanitised by lib/courses on every write (no images, no iframes: a video goes in `video_url`), so pages
 * render it with CmsHtml like WordPress content.
 */
export const courseLessons = pgTable(
  'course_lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => courseUnits.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    videoUrl: text('video_url'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('course_lessons_unit_position_idx').on(t.unitId, t.position),
    check('course_lessons_position_check', sql`${t.position} >= 0`),
  ],
);

/**
 * Files attached to a course (optionally to one lesson): stored as `{timestamp}_{filename}` in `.data/uploads`
 * or the Supabase Storage bucket `documents` (docs/ARCHITECTURE.md §2 "file storage").
 */
export const courseMaterials = pgTable(
  'course_materials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id').references(() => courseLessons.id, { onDelete: 'set null' }),
    /** The sanitised file name shown to students. */
    filename: text('filename').notNull(),
    storagePath: text('storage_path').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('course_materials_storage_path_key').on(t.storagePath),
    index('course_materials_course_id_idx').on(t.courseId),
    check('course_materials_size_check', sql`${t.sizeBytes} >= 0`),
  ],
);

/**
 * Certificates of completion: the id is the public verification id (`/verify/{id}`). Names and titles are copied
 * at issue so a certificate stays verifiable, unchanged, when the course is renamed or deleted (hence `course_id`
 * becomes null rather than the row going). One per user and course. An erasure keeps the row anonymised and
 * revoked (`revoked_at`).
 */
export const courseCertificates = pgTable(
  'course_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    studentName: text('student_name').notNull(),
    courseTitle: text('course_title').notNull(),
    certificateTitle: text('certificate_title').notNull(),
    certificateDescription: text('certificate_description').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when the holder's personal data was erased (UK GDPR, lib/data-rights): the row stays so the printed id
     * still answers, but the name is blanked, the user id replaced by a random one, and `/verify/{id}` says revoked.
     */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    unique('course_certificates_user_course_key').on(t.userId, t.courseId),
    index('course_certificates_course_id_idx').on(t.courseId),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    /** BACK_OFFICE_ROLES: 'admin' (docs/SPEC-NOTES.md §6) or 'staff'. */
    roleName: text('role_name', { enum: BACK_OFFICE_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('user_roles_user_role_key').on(t.userId, t.roleName),
    check('user_roles_role_name_check', inList('role_name', BACK_OFFICE_ROLES)),
  ],
);

export const volunteers = pgTable(
  'volunteers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    membershipType: text('membership_type', { enum: MEMBERSHIP_TYPES }).notNull(),
    organizationName: text('organization_name'),
    interests: textList('interests'),
    availability: textList('availability'),
    experienceLevel: text('experience_level', { enum: EXPERIENCE_LEVELS }).notNull().default('beginner'),
    skills: textList('skills'),
    country: text('country').notNull(),
    /** The city (docs/SPEC-NOTES.md §3 calls it location). */
    location: text('location').notNull(),
    locale: text('locale').notNull().default('en'),
    status: text('status', { enum: VOLUNTEER_STATUSES }).notNull().default('new'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('volunteers_status_check', inList('status', VOLUNTEER_STATUSES)),
    check('volunteers_membership_type_check', inList('membership_type', MEMBERSHIP_TYPES)),
    check('volunteers_experience_level_check', inList('experience_level', EXPERIENCE_LEVELS)),
    // REGISTRATION_LIMITS in lib/volunteers/schema.ts (not imported: that module loads zod).
    check('volunteers_name_length_check', maxChars('name', 200)),
    check('volunteers_email_check', emailShape('email')),
    check('volunteers_phone_length_check', maxChars('phone', 40)),
    check('volunteers_organization_name_length_check', maxChars('organization_name', 200)),
    check('volunteers_country_length_check', maxChars('country', 100)),
    check('volunteers_location_length_check', maxChars('location', 100)),
    check(
      'volunteers_lists_length_check',
      sql.raw(
        'cardinality("interests") <= 20 and cardinality("availability") <= 10 and cardinality("skills") <= 20',
      ),
    ),
    index('volunteers_created_at_idx').on(t.createdAt.desc()),
  ],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored trimmed and lower-cased (the CHECK enforces it), so the unique key makes a second signup an update. */
    email: text('email').notNull(),
    /** Where the signup came from (spec §3): 'website' for the site's forms, 'api' for the subscribe API. */
    source: text('source').notNull().default('website'),
    /** Which of the site's forms it came from ('home', 'community', …; the form's place); null for other sources. */
    form: text('form'),
    status: text('status', { enum: SUBSCRIBER_STATUSES }).notNull().default('pending'),
    locale: text('locale').notNull().default('en'),
    /** When the person confirmed their consent by opening the emailed link; null while `pending`. */
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    syncStatus: text('sync_status', { enum: SYNC_STATUSES }).notNull().default('pending'),
    syncAttempts: integer('sync_attempts').notNull().default(0),
    syncLastError: text('sync_last_error'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('newsletter_subscribers_email_key').on(t.email),
    check('newsletter_subscribers_email_lower_check', sql`${t.email} = lower(btrim(${t.email}))`),
    check('newsletter_subscribers_status_check', inList('status', SUBSCRIBER_STATUSES)),
    check('newsletter_subscribers_sync_status_check', inList('sync_status', SYNC_STATUSES)),
    check('newsletter_subscribers_email_check', emailShape('email')),
    check('newsletter_subscribers_source_length_check', maxChars('source', 100)),
    check(
      'newsletter_subscribers_consent_check',
      sql.raw(`"status" = 'pending' or "consented_at" is not null`),
    ),
  ],
);

export const enquiries = pgTable(
  'enquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    locale: text('locale').notNull().default('en'),
    /** Outcome of forwarding the enquiry by email; the row is saved first, whatever happens next. */
    forwardStatus: text('forward_status', { enum: SIDE_EFFECT_STATUSES }).notNull().default('pending'),
    forwardAttempts: integer('forward_attempts').notNull().default(0),
    forwardLastError: text('forward_last_error'),
    forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
    /** ENQUIRY_STATUSES: the staff inbox's workflow state; `new` counts as unread. */
    status: text('status', { enum: ENQUIRY_STATUSES }).notNull().default('new'),
    /** The staff member working on it (a user id like user_roles.user_id); null when nobody is assigned. */
    assignedTo: uuid('assigned_to'),
    /** Last change made in the back office (status, assignment, note, reply). */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** When a member of staff last opened it; null = unread (bold in the inbox), again after an emailed answer. */
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * The contact form's submission key (`contact:<form token id>`, lib/forms/token.ts `formTokenId`): a retried
     * request with the same token finds this row instead of storing a second one. Null for rows saved otherwise.
     */
    submissionKey: text('submission_key'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('enquiries_submission_key_unique').on(t.submissionKey),
    check('enquiries_forward_status_check', inList('forward_status', SIDE_EFFECT_STATUSES)),
    check('enquiries_status_check', inList('status', ENQUIRY_STATUSES)),
    index('enquiries_status_created_at_idx').on(t.status, t.createdAt.desc()),
    check('enquiries_name_length_check', maxChars('name', CONTACT_LIMITS.nameMax)),
    check('enquiries_email_check', emailShape('email')),
    check('enquiries_message_length_check', maxChars('message', CONTACT_LIMITS.messageMax)),
    index('enquiries_created_at_idx').on(t.createdAt.desc()),
  ],
);

export const homepageContent = pgTable(
  'homepage_content',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    backgroundImage: text('background_image'),
    subtitle: text('subtitle'),
    ctaText: text('cta_text'),
    ctaLink: text('cta_link'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The site reads the latest row by created_at.
  (t) => [index('homepage_content_created_at_idx').on(t.createdAt.desc())],
);

/**
 * Best-effort side effects (forward an enquiry, sync a subscriber, CRM follow-up) saved in the same transaction
 * as the write they follow, then sent by a worker that claims due rows. `payload` holds what the sender needs.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('outbox_status_check', inList('status', OUTBOX_STATUSES)),
    // Only pending rows are ever scanned for due work.
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * ENQUIRY_NOTE_KINDS: an internal note (staff only), a reply emailed to the sender through the outbox, or the
 * sender's own email answer received by the inbound mail webhook (app/api/mail/inbound).
 */
export const ENQUIRY_NOTE_KINDS = ['note', 'reply', 'inbound'] as const;

/**
 * The staff's side of an enquiry: internal notes and the replies sent to the sender (a reply's email is an outbox
 * item, `outbox_id`, so its delivery shows in the forward history). The author's email is copied, so the entry
 * still says who wrote it once their account is gone.
 */
export const enquiryNotes = pgTable(
  'enquiry_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ENQUIRY_NOTE_KINDS }).notNull(),
    authorId: uuid('author_id'),
    authorEmail: text('author_email').notNull(),
    body: text('body').notNull(),
    outboxId: uuid('outbox_id'),
    /** An inbound email's Message-Id: the provider posting the same email again adds nothing. */
    messageId: text('message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('enquiry_notes_message_id_unique').on(t.messageId),
    check('enquiry_notes_message_id_length_check', maxChars('message_id', 500)),
    check('enquiry_notes_kind_check', inList('kind', ENQUIRY_NOTE_KINDS)),
    check('enquiry_notes_body_length_check', maxChars('body', 10000)),
    index('enquiry_notes_enquiry_id_idx').on(t.enquiryId, t.createdAt),
  ],
);

/**
 * The back office's audit trail (docs/ARCHITECTURE.md §5): one row per staff or admin write (status change, reply,
 * note, export, erase, role change): who (`actor_id`, `actor_email` copied), what (`action`, e.g.
 * 'enquiry.reply', `target`, e.g. the enquiry id or an email, and a small `detail` object without message
 * bodies), when. Append-only for the app: nothing updates or deletes rows.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    target: text('target'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_created_at_idx').on(t.createdAt.desc()),
    index('admin_audit_action_idx').on(t.action, t.createdAt.desc()),
  ],
);

/**
 * Single-use request keys of the back office's forms (docs/ARCHITECTURE.md §5, "Back office"): every staff form
 * carries a fresh `requestKey` (components/back-office/staff-form.tsx), and the action pipeline claims it here
 * before the operation runs (lib/back-office/requests.ts), so a double click or a resent post runs the operation
 * once and the second submit answers the first one's `outcome` (null while the first still runs). Keys are
 * per actor; rows older than a day are deleted by the outbox worker's housekeeping. Server-only table.
 */
export const backOfficeRequests = pgTable(
  'back_office_requests',
  {
    key: uuid('key').primaryKey(),
    actorId: uuid('actor_id').notNull(),
    action: text('action').notNull(),
    outcome: jsonb('outcome').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('back_office_requests_created_at_idx').on(t.createdAt)],
);

/**
 * Local accounts (docs/ARCHITECTURE.md §2 "auth", embedded default; lib/auth/local.ts). With Supabase Auth configured these
 * stay empty: Supabase keeps its users in auth.users. Server-only tables: supabase/ leaves them closed (RLS on,
 * no policy), so no API key reaches them. Emails are stored trimmed and lower-cased (the CHECK enforces it).
 */
export const localUsers = pgTable(
  'local_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** scrypt: `scrypt$N$r$p$salt$hash` (base64url), parameters kept so they can be raised later. */
    passwordHash: text('password_hash').notNull(),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    fullName: text('full_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('local_users_email_key').on(t.email),
    check('local_users_email_lower_check', sql`${t.email} = lower(btrim(${t.email}))`),
  ],
);

/**
 * Kinds of session: `session` (an ordinary sign-in) or `recovery` (made by an emailed password-reset link: short
 * lived, and the only kind that may set a new password without the current one).
 */
export const SESSION_KINDS = ['session', 'recovery'] as const;

/** Signed-in sessions: the id is the SHA-256 (hex) of the cookie's random token; the token itself is never stored. */
export const localSessions = pgTable(
  'local_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => localUsers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SESSION_KINDS }).notNull().default('session'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Last request seen on this session, for the idle timeout (refreshed at most once a minute or so). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    check('local_sessions_kind_check', inList('kind', SESSION_KINDS)),
    index('local_sessions_user_id_idx').on(t.userId),
  ],
);

/** Purposes of an emailed link: confirm the address after sign-up, or reset the password. */
export const EMAIL_TOKEN_PURPOSES = ['signup', 'recovery'] as const;

/** One-time emailed links: only the SHA-256 (hex) of the token is kept; used_at marks a spent link. */
export const localEmailTokens = pgTable(
  'local_email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => localUsers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    /**
     * A sign-up link's own credentials: the scrypt hash of the password (and the name) typed in the sign-up that
     * sent it. Opening the link sets them, so whoever registered the address earlier keeps nothing. Null for
     * recovery links and resent confirmation links (the person opening one chooses a new password).
     */
    passwordHash: text('password_hash'),
    fullName: text('full_name'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('local_email_tokens_purpose_check', inList('purpose', EMAIL_TOKEN_PURPOSES)),
    index('local_email_tokens_user_id_idx').on(t.userId),
  ],
);

export type Course = typeof courses.$inferSelect;
export type CourseEnrollment = typeof courseEnrollments.$inferSelect;
export type UserCourseProgress = typeof userCourseProgress.$inferSelect;
export type CourseUnit = typeof courseUnits.$inferSelect;
export type CourseLesson = typeof courseLessons.$inferSelect;
export type CourseMaterial = typeof courseMaterials.$inferSelect;
export type CourseCertificate = typeof courseCertificates.$inferSelect;
export type UserRole = typeof userRoles.$inferSelect;
export type Volunteer = typeof volunteers.$inferSelect;
export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;
export type Enquiry = typeof enquiries.$inferSelect;
export type HomepageContent = typeof homepageContent.$inferSelect;
export type OutboxItem = typeof outbox.$inferSelect;
export type EnquiryNote = typeof enquiryNotes.$inferSelect;
export type AdminAuditEntry = typeof adminAudit.$inferSelect;
export type LocalUser = typeof localUsers.$inferSelect;
export type LocalSession = typeof localSessions.$inferSelect;
export type LocalEmailToken = typeof localEmailTokens.$inferSelect;
