import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';

import { type AuthEmailPurpose, type AuthEmailTexts, authEmail, confirmLink } from '@/lib/auth/emails';
import { confirmTarget, withNext } from '@/lib/auth/return-path';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';
import pt from '@/messages/pt.json';

/** The AccountEmails texts of a real catalogue, as lib/auth/delivery.ts builds them. */
function texts(locale: string, messages: object): AuthEmailTexts {
  const t = createTranslator({
    locale: locale as 'en',
    messages: messages as never,
    namespace: 'AccountEmails' as never,
  });
  return (key, values) => (t as unknown as AuthEmailTexts)(key, values);
}

const options = {
  to: 'ada@example.org',
  siteName: 'Network',
  siteUrl: 'https://site.example',
  link: 'https://site.example/auth/confirm?token_hash=T&type=signup',
  name: 'Ada',
};

describe('account emails in the person’s language (AccountEmails)', () => {
  it('keeps the English wording', () => {
    const t = texts('en', en);
    const signup = authEmail('signup', options, t);
    expect(signup.subject).toBe('Confirm your email address for Network');
    expect(signup.text).toBe(
      [
        'Hello Ada,',
        '',
        'Thank you for creating an account. Please confirm your email address by opening this link:',
        '',
        options.link,
        '',
        'The link works once and expires in 24 hours. If you did not sign up, you can ignore this email.',
        '',
        'Network',
      ].join('\n'),
    );
    const exists = authEmail('exists', { ...options, link: undefined, name: null }, t);
    expect(exists.subject).toBe('Your Network account');
    expect(exists.text.split('\n')[0]).toBe('Hello,');
    expect(exists.text).toContain(
      'If it was you, sign in at https://site.example/login (use "Forgot password?" there if you need a new password).',
    );
    expect(exists.text).not.toContain('auth/confirm');
  });

  it('writes French with vous, French typography and the French sign-in address', () => {
    const t = texts('fr', fr);
    const recovery = authEmail('recovery', { ...options, locale: 'fr' }, t);
    expect(recovery.subject).toBe('Réinitialisez votre mot de passe Network');
    expect(recovery.text.split('\n')[0]).toBe('Bonjour Ada,');
    expect(recovery.text).toContain('pour en choisir un nouveau\u00a0:');
    expect(recovery.text).toContain('expire dans 1 heure');
    expect(recovery.text).toContain(options.link);
    const exists = authEmail('exists', { ...options, locale: 'fr' }, t);
    expect(exists.subject).toBe('Votre compte Network');
    expect(exists.text).toContain('https://site.example/fr/login');
    expect(exists.text).toContain('«\u00a0Mot de passe oublié\u00a0?\u00a0»');
  });

  it.each([
    ['es', es, 'Confirma tu dirección de correo electrónico en Network', 'https://site.example/es/login'],
    ['pt', pt, 'Confirme o seu endereço de email para Network', 'https://site.example/pt/login'],
  ])('has %s texts for every purpose', (locale, messages, signupSubject, login) => {
    const t = texts(locale, messages);
    expect(authEmail('signup', { ...options, locale }, t).subject).toBe(signupSubject);
    expect(authEmail('exists', { ...options, locale }, t).text).toContain(login);
    for (const purpose of ['signup', 'recovery', 'exists'] as AuthEmailPurpose[]) {
      const english = authEmail(purpose, options, texts('en', en));
      const translated = authEmail(purpose, { ...options, locale }, t);
      expect(translated.subject).not.toBe(english.subject);
      expect(translated.text).not.toBe(english.text);
    }
  });

  it('keeps subjects and the greeting on one line whatever the name or site name hold', () => {
    const t = texts('fr', fr);
    const mail = authEmail('signup', { ...options, siteName: 'Net\r\nBcc: x', name: 'Ada\r\nBcc: y' }, t);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe('Confirmez votre adresse e-mail pour Net Bcc: x');
    expect(mail.text.split('\n')[0]).toBe('Bonjour Ada Bcc: y,');
  });
});

describe('next through the account emails and /auth/confirm', () => {
  it('puts a safe next (without locale prefix) on the emailed link, and drops anything else', () => {
    const base = 'https://site.example/auth/confirm?token_hash=T0KEN&type=signup';
    expect(confirmLink('https://site.example', 'T0KEN', 'signup', 'en', '/courses/abc')).toBe(
      `${base}&next=%2Fcourses%2Fabc`,
    );
    expect(
      new URL(confirmLink('https://site.example', 'T0KEN', 'recovery', 'fr', '/fr/courses/abc?x=1')).search,
    ).toBe('?token_hash=T0KEN&type=recovery&locale=fr&next=%2Fcourses%2Fabc%3Fx%3D1');
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil', 'javascript:alert(1)', '', null])
      expect(confirmLink('https://site.example', 'T0KEN', 'signup', 'en', bad)).toBe(base);
    expect(confirmLink('https://site.example', 'T0KEN', 'signup', 'xx')).toBe(base);
  });

  it('appends next to a login href only when it is safe', () => {
    expect(withNext('/login?confirmed=1', '/courses/abc')).toBe('/login?confirmed=1&next=%2Fcourses%2Fabc');
    expect(withNext('/login', '/es/courses/abc')).toBe('/login?next=%2Fcourses%2Fabc');
    expect(withNext('/login?mode=forgot#form', '/dashboard')).toBe(
      '/login?mode=forgot&next=%2Fdashboard#form',
    );
    expect(withNext('/login?mode=signup', 'https://evil.example')).toBe('/login?mode=signup');
    expect(withNext('/login?mode=signup', '//evil.example')).toBe('/login?mode=signup');
    expect(withNext('/login?mode=signup', undefined)).toBe('/login?mode=signup');
  });

  it('sends a confirmation to /login?confirmed=1 and a recovery to the new-password form, keeping next', () => {
    expect(confirmTarget('signup', true, '/courses/abc')).toBe('/login?confirmed=1&next=%2Fcourses%2Fabc');
    expect(confirmTarget('email', true, null)).toBe('/login?confirmed=1');
    expect(confirmTarget('recovery', true, '/courses/abc')).toBe('/login?mode=reset&next=%2Fcourses%2Fabc');
    expect(confirmTarget('signup', true, 'https://evil.example/x')).toBe('/login?confirmed=1');
    expect(confirmTarget('signup', false, '/courses/abc')).toBe('/login?error=link');
    expect(confirmTarget(null, true, '/courses/abc')).toBe('/login?error=link');
  });
});
