// GET /.well-known/security.txt – where to report a vulnerability (RFC 9116; see SECURITY.md).
import { siteConfig } from '@/lib/config/site';
import { securityTxt } from '@/lib/security/security-txt';

export const revalidate = 86400;

export function GET() {
  return new Response(securityTxt(siteConfig()), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
