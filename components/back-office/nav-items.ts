import type { StaffRole } from '@/lib/auth/roles';

/**
 * The back office's navigation (app/[locale]/admin/layout.tsx), as data: add or adjust an entry here when a
 * back-office page arrives. `key` names its label in messages `admin.nav.<key>`; `href` is the site path (the
 * layout localises it); `role` is who sees the entry ('staff' covers admins too; 'admin' hides it from staff, and
 * the page itself must still refuse them); `badge` asks the layout for a count shown beside the label.
 */
export interface AdminNavItem {
  key:
    | 'inbox'
    | 'people'
    | 'network'
    | 'newsletter'
    | 'deliveries'
    | 'courses'
    | 'logs'
    | 'audit'
    | 'dataRights'
    | 'staff';
  href: `/admin${string}`;
  role: StaffRole;
  badge?: 'unreadEnquiries';
}

export const ADMIN_NAV_ITEMS: readonly AdminNavItem[] = [
  { key: 'inbox', href: '/admin/enquiries', role: 'staff', badge: 'unreadEnquiries' },
  // One page per person: their enquiries, registration, subscription, courses and sends.
  { key: 'people', href: '/admin/people', role: 'staff' },
  { key: 'network', href: '/admin/network', role: 'staff' },
  { key: 'newsletter', href: '/admin/newsletter', role: 'staff' },
  { key: 'deliveries', href: '/admin/outbox', role: 'staff' },
  // Course authoring is the admins' (the course pages refuse staff).
  { key: 'courses', href: '/admin/courses', role: 'admin' },
  { key: 'logs', href: '/admin/logs', role: 'admin' },
  // Who did what in the back office (admin_audit).
  { key: 'audit', href: '/admin/audit', role: 'admin' },
  // UK GDPR export and erasure of any person: admins only (the page and its handlers refuse staff too).
  { key: 'dataRights', href: '/admin/data-rights', role: 'admin' },
  { key: 'staff', href: '/admin/staff', role: 'admin' },
];

/** The entries a person with `role` sees, in order. */
export function navItemsFor(role: StaffRole): AdminNavItem[] {
  return ADMIN_NAV_ITEMS.filter((item) => role === 'admin' || item.role === 'staff');
}
