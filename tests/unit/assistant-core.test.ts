import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { MessageText } from '@/components/assistant/message-text';
import { isIssuedConversationId, issueConversationId } from '@/lib/assistant/conversation-id';

import { detectIntents, needsSafeguarding, topicText } from '@/lib/assistant/intents';
import { localAnswer, localCitations } from '@/lib/assistant/local';
import { createConversationStore } from '@/lib/assistant/conversations';
import {
  createEventDecoder,
  encodeEvent,
  readEventStream,
  type AssistantEvent,
} from '@/lib/assistant/protocol';
import {
  assistantIndexFor,
  bestPassage,
  buildAssistantIndex,
  retrieve,
  type AssistantDoc,
} from '@/lib/assistant/retrieval';
import { assistantTranslator, capText, chunkText } from '@/lib/assistant/text';

function doc(
  kind: AssistantDoc['kind'],
  slug: string,
  title: string,
  text: string,
  url?: string,
): AssistantDoc {
  return {
    kind,
    slug,
    title,
    excerpt: '',
    text,
    url: url ?? `/blog/${slug}`,
    modified: '2026-01-01T00:00:00',
  };
}

const DOCS: AssistantDoc[] = [
  doc(
    'post',
    'volunteer-mei',
    'Volunteer profile: Mei',
    'Mei started volunteering at our Saturday welcome table. She trains new volunteers.',
  ),
  doc(
    'report',
    'watched',
    'Watched in our own city',
    'Our report on facial recognition cameras and stop and search in Leeds.',
    '/reports/watched',
  ),
  doc(
    'event',
    'winter-social',
    'Winter solidarity social',
    'When: January 15, 2027. Where: Leeds Central Library. Food, music and games.',
    '/event/winter-social',
  ),
  doc(
    'page',
    'stop-the-scan',
    'Stop the Scan',
    'The campaign against live facial recognition in West Yorkshire.',
    '/stop-the-scan',
  ),
  doc(
    'vacancy',
    'organiser',
    'Community organiser',
    'A paid role organising the race and climate justice programme.',
    '/vacancies/organiser',
  ),
];

describe('detectIntents', () => {
  it.each([
    ['How can I volunteer?', 'volunteer'],
    ['Quiero hacer voluntariado con vosotros', 'volunteer'],
    ['Comment devenir bénévole ?', 'volunteer'],
    ['Como posso ser voluntário?', 'volunteer'],
    ['I want to join the network', 'volunteer'],
    ['Where can I donate?', 'donate'],
    ['¿Cómo puedo donar?', 'donate'],
    ['Je voudrais faire un don', 'donate'],
    ['Quero fazer uma doação', 'donate'],
    ['How do I contact you?', 'contact'],
    ['¿Cómo os puedo contactar?', 'contact'],
    ['Any upcoming events?', 'events'],
    ['Quels événements à venir ?', 'events'],
    ['Do you run training courses?', 'courses'],
    ['¿Tenéis cursos?', 'courses'],
    ['Subscribe to the newsletter', 'newsletter'],
    ['Quero subscrever o boletim', 'newsletter'],
    ["Je veux m'abonner à l'infolettre", 'newsletter'],
  ])('%s → %s', (message, intent) => {
    expect(detectIntents(message)).toContain(intent);
  });

  it('finds nothing in an unrelated question', () => {
    expect(detectIntents('What is facial recognition?')).toEqual([]);
  });
});

describe('needsSafeguarding', () => {
  it.each([
    'I was racially abused on the bus',
    'Someone attacked me because of my skin colour',
    'I want to report a hate crime',
    'I am in crisis and thinking about suicide',
    'I feel unsafe at home',
    'Me han agredido por ser negro',
    'Fui víctima de un delito de odio',
    "J'ai subi une agression raciste",
    'Je suis harcelé au travail',
    'Fui agredida na rua',
    'Sofri assédio racista no trabalho',
    'quero morrer',
    // First-person accounts of racism and distress (UX review 2026-12-01 §5), with phone spellings.
    'I experienced racism at work, what can I do?',
    'I was racially abused on the bus this morning. What should I do?',
    'Someone shouted a racist name at my son at school',
    'My colleague keeps making racist jokes about me',
    'I have faced racism from my landlord',
    'We are being targeted by racist neighbours',
    'I feel like I cannot cope any more',
    "I can't cope any more",
    'I can’t cope anymore',
    'i cant cope',
    "I'm struggling",
    'Im really struggling',
    'I feel overwhelmed',
    'overwhelmed',
    'hopeless',
    'I feel hopeless',
    "I can't take it any more",
    'He sufrido racismo en el trabajo, ¿qué puedo hacer?',
    'sufri racismo en el trabajo',
    'Me dijeron insultos racistas en el autobús',
    'A mi hijo le llamaron un nombre racista en el colegio',
    'Ya no puedo más',
    'Estoy desbordada',
    "J'ai subi du racisme au travail, que faire ?",
    'J’ai subi du racisme au travail',
    'j ai subi du racisme au travail',
    'jai vecu du racisme',
    'On a traité mon fils de noms racistes',
    "Je n'en peux plus",
    'je n en peux plus',
    'Je suis à bout',
    'Sofri racismo no trabalho, o que posso fazer?',
    'sofri racismo no trabalho o que posso fazer',
    'Chamaram-me nomes racistas na escola',
    'O meu filho sofreu racismo na escola',
    'Já não aguento mais',
    'Estou sobrecarregada',
  ])('flags: %s', (message) => {
    expect(needsSafeguarding(message)).toBe(true);
  });

  it.each([
    'What is the climate crisis doing to the Global South?',
    'Tell me about your report on the climate emergency',
    'How can I volunteer?',
    'Quelle est votre position sur la crise climatique ?',
    // Questions about the charity's work that name racism, or "cope" about someone else (not a crisis).
    'What is the Race and Climate Justice course about?',
    'Can I join the Unlearning Racism course?',
    'How do you cope with funding cuts?',
    'What does your report say about racism in Leeds schools?',
    '¿Qué es el curso sobre racismo?',
    'Quel est votre travail contre le racisme ?',
    'Que cursos têm sobre racismo?',
    'Tell me about the anti-racism training for managers',
    'racial',
  ])('does not flag: %s', (message) => {
    expect(needsSafeguarding(message)).toBe(false);
  });
});

describe('retrieval', () => {
  it('finds the matching documents, best first, and ignores stopwords', () => {
    const index = buildAssistantIndex(DOCS);
    const hits = retrieve(index, 'How can I volunteer with you?');
    expect(hits[0]?.doc.url).toBe('/blog/volunteer-mei');
    expect(retrieve(index, 'what is the')).toEqual([]);
    expect(retrieve(index, 'facial recognition').map((h) => h.doc.url)).toEqual(
      expect.arrayContaining(['/stop-the-scan', '/reports/watched']),
    );
  });

  it('matches without accents and across prefixes', () => {
    const index = buildAssistantIndex([doc('post', 'cafe', 'Café conversations', 'Weekly café meet-ups.')]);
    expect(retrieve(index, 'cafe')[0]?.doc.slug).toBe('cafe');
  });

  it('picks the best passage and keeps it within the limit', () => {
    const passage = bestPassage(DOCS[0]!, ['trains'], 200);
    expect(passage).toBe('She trains new volunteers.');
    const long = doc('post', 'long', 'Long', 'word '.repeat(200));
    expect(bestPassage(long, ['word'], 50).length).toBeLessThanOrEqual(50);
  });

  it('reuses the index for the same content and rebuilds it when content changes', () => {
    const a = assistantIndexFor(DOCS);
    expect(assistantIndexFor([...DOCS])).toBe(a);
    const changed = DOCS.map((d, i) => (i === 0 ? { ...d, modified: '2026-02-01T00:00:00' } : d));
    const b = assistantIndexFor(changed);
    expect(b).not.toBe(a);
    const added = assistantIndexFor([...changed, doc('post', 'new-post', 'Brand new zebra post', 'zebra')]);
    expect(retrieve(added, 'zebra')[0]?.doc.slug).toBe('new-post');
  });
});

describe('capText and chunkText', () => {
  it('never exceeds the cap and does not cut inside a link', () => {
    const text = 'Intro line here.\nSee [a very long link label](/blog/some-post) for more about this topic.';
    for (const max of [10, 20, 30, 40, 60, 80]) {
      const out = capText(text, max);
      expect(out.length).toBeLessThanOrEqual(max);
      expect(out).not.toMatch(/\[[^\]]*$/);
    }
    expect(capText('short', 100)).toBe('short');
  });

  it('splits into small pieces that join back to the text', () => {
    const text = 'one two three four five six seven eight nine ten eleven twelve';
    const chunks = chunkText(text, 10);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.join('')).toBe(text);
  });
});

describe('localAnswer', () => {
  it('answers in the locale with localised guidance links and cited pages', async () => {
    const passages = retrieve(buildAssistantIndex(DOCS), 'voluntariado volunteer');
    const es = localAnswer({
      locale: 'es',
      t: await assistantTranslator('es'),
      intents: detectIntents('Quiero hacer voluntariado'),
      safeguarding: false,
      passages,
      contact: {
        email: 'hello@example.org',
        phone: '0113 496 0000',
        address: '12 Example Yard, Leeds, LS1 0AA',
      },
      maxChars: 1200,
    });
    expect(es).toContain('Para hacer voluntariado o unirte a la red');
    expect(es).toContain('(/es/community#register)');
    expect(es).toContain('Esto es lo que he encontrado');
    expect(es).toContain('(/es/blog/volunteer-mei)');

    const fr = localAnswer({
      locale: 'fr',
      t: await assistantTranslator('fr'),
      intents: ['donate', 'events'],
      safeguarding: false,
      passages: [],
      contact: {
        email: 'hello@example.org',
        phone: '0113 496 0000',
        address: '12 Example Yard, Leeds, LS1 0AA',
      },
      maxChars: 1200,
    });
    expect(fr).toContain('(/fr/donate)');
    expect(fr).toContain('(/fr/events)');
  });

  it('says when it found nothing, with useful links', async () => {
    const en = localAnswer({
      locale: 'pt',
      t: await assistantTranslator('pt'),
      intents: [],
      safeguarding: false,
      passages: [],
      contact: { email: 'x@example.org', phone: '0113 496 0000', address: '12 Example Yard, Leeds, LS1 0AA' },
      maxChars: 1200,
    });
    expect(en).toContain('Não encontrei nada');
    expect(en).toContain('(/pt/contact)');
    // Someone who has not found the words for what happened to them still gets 999 and Get help.
    expect(en).toContain('999');
    expect(en).toContain('](/pt/get-help)');
  });

  it('gives nothing but the help lines to a first-person account, in every language', async () => {
    const contact = { email: 'x@example.org', phone: '0113 496 0000', address: '12 Example Yard, Leeds, LS1 0AA' };
    for (const [locale, message] of [
      ['en', 'I experienced racism at work, what can I do?'],
      ['es', 'He sufrido racismo en el trabajo, ¿qué puedo hacer?'],
      ['fr', "J'ai subi du racisme au travail, que faire ?"],
      ['pt', 'Sofri racismo no trabalho, o que posso fazer?'],
    ] as const) {
      const text = localAnswer({
        locale,
        t: await assistantTranslator(locale),
        intents: detectIntents(message),
        safeguarding: needsSafeguarding(message),
        passages: [],
        contact,
        maxChars: 1200,
      });
      const prefix = locale === 'en' ? '' : `/${locale}`;
      expect(text, locale).toContain('999');
      expect(text, locale).toContain('report-it.org.uk');
      expect(text, locale).toContain('0800 138 1625');
      expect(text, locale).toContain('116 123');
      expect(text, locale).toContain(`](${prefix}/get-help)`);
      expect(text, locale).not.toContain('/vacancies');
    }
  });

  it('leads with UK help when safeguarding is needed, and respects the length cap', async () => {
    const t = await assistantTranslator('en');
    const text = localAnswer({
      locale: 'en',
      t,
      intents: ['contact'],
      safeguarding: true,
      passages: retrieve(buildAssistantIndex(DOCS), 'facial recognition'),
      contact: { email: 'x@example.org', phone: '0113 496 0000', address: '12 Example Yard, Leeds, LS1 0AA' },
      maxChars: 1200,
    });
    expect(text.startsWith('If you or someone else is in danger')).toBe(true);
    expect(text).toContain('999');
    expect(text).toContain('101');
    expect(text).toContain('report-it.org.uk');
    expect(text).toContain('0800 138 1625');
    expect(text).toContain('116 123');
    expect(text).toContain('](/get-help)');
    // Help lines only: the matching report is not suggested, and the contact page is linked once.
    expect(text).not.toContain('/reports/watched');
    expect(text.split('](/contact)').length).toBe(2);
    for (const max of [80, 300, 500]) {
      expect(
        localAnswer({
          locale: 'en',
          t,
          intents: ['volunteer'],
          safeguarding: true,
          passages: [],
          contact: { email: 'x', phone: '0113 496 0000', address: '12 Example Yard, Leeds, LS1 0AA' },
          maxChars: max,
        }).length,
      ).toBeLessThanOrEqual(max);
    }
  });
});

describe('localAnswer guidance', () => {
  const contact = {
    email: 'hello@example.org',
    phone: '0113 496 0000',
    address: '12 Example Yard, Leeds, LS1 0AA',
  };

  it('gives the phone, the address and the email to a contact question', async () => {
    const text = localAnswer({
      locale: 'fr',
      t: await assistantTranslator('fr'),
      intents: detectIntents('Comment vous appeler ? Quelle est votre adresse ?'),
      safeguarding: false,
      passages: [],
      contact,
      maxChars: 1200,
    });
    expect(text).toContain('0113 496 0000');
    expect(text).toContain('12 Example Yard, Leeds, LS1 0AA');
    expect(text).toContain('hello@example.org');
    expect(text).toContain('(/fr/contact)');
  });

  it('cites a page once: a page the guidance links is not listed again among the found pages', async () => {
    const index = buildAssistantIndex([
      ...DOCS,
      doc('page', 'donate', 'Donate', 'Donate to support our volunteers and our work.', '/donate'),
    ]);
    const input = {
      locale: 'en' as const,
      t: await assistantTranslator('en'),
      intents: detectIntents('I want to donate'),
      safeguarding: false,
      passages: retrieve(index, 'donate'),
      contact,
      maxChars: 1200,
    };
    expect(input.passages.map((p) => p.doc.url)).toContain('/donate');
    const text = localAnswer(input);
    expect(text.split('](/donate)').length).toBe(2);
    expect(localCitations(input).map((p) => p.doc.url)).not.toContain('/donate');
  });

  it('detects job and address questions in four languages', () => {
    for (const q of [
      'Are you hiring?',
      '¿Hay ofertas de empleo?',
      'Avez-vous des offres d’emploi ?',
      'Há vagas?',
    ])
      expect(detectIntents(q)).toContain('vacancies');
    for (const q of [
      'What is your address?',
      '¿Cuál es vuestra dirección?',
      'Quelle est votre adresse ?',
      'Qual é a vossa morada?',
    ])
      expect(detectIntents(q)).toContain('contact');
  });

  it('leaves the intent phrases out of the words it searches for', () => {
    expect(topicText('How can I volunteer at the climate assembly?')).not.toContain('volunteer');
    expect(topicText('How can I volunteer at the climate assembly?')).toContain('climate assembly');
  });
});

describe('retrieval relevance', () => {
  it('cites nothing for a question that shares one passing word with a page', () => {
    const index = buildAssistantIndex(DOCS);
    expect(retrieve(index, 'recognition cameras').map((p) => p.doc.slug)).toContain('watched');
    expect(retrieve(index, 'weather cameras tomorrow paris')).toEqual([]);
  });
});

describe('conversation store', () => {
  it('expires entries after the TTL and drops the least recently used beyond the cap', async () => {
    let now = 0;
    const store = createConversationStore({ ttlMs: 1000, max: 2, now: () => now });
    const state = (responseId: string) => ({ responseId, turns: 1, inputTokens: 10 });
    await store.set('a', state('resp_a'));
    await store.set('b', state('resp_b'));
    expect(await store.get('a')).toEqual(state('resp_a')); // a is now most recent
    await store.set('c', state('resp_c')); // evicts b
    expect(await store.get('b')).toBeUndefined();
    expect((await store.get('a'))?.responseId).toBe('resp_a');
    now = 2001;
    expect(await store.get('a')).toBeUndefined();
  });
});

describe('protocol', () => {
  it('decodes events split across chunks and skips garbage', () => {
    const decoder = createEventDecoder();
    const wire =
      encodeEvent({ type: 'start', conversationId: 'x' }) +
      'not json\n' +
      encodeEvent({ type: 'delta', text: 'hé' });
    const events = [
      ...decoder.push(wire.slice(0, 10)),
      ...decoder.push(wire.slice(10)),
      ...decoder.push('\n'),
    ];
    expect(events).toEqual([
      { type: 'start', conversationId: 'x' },
      { type: 'delta', text: 'hé' },
    ]);
  });

  it('reads a stream and reports a stream without done as interrupted', async () => {
    const stream = (lines: AssistantEvent[]) => new Response(lines.map(encodeEvent).join('')).body!;
    const seen: AssistantEvent[] = [];
    expect(
      await readEventStream(stream([{ type: 'delta', text: 'a' }, { type: 'done' }]), (e) => seen.push(e)),
    ).toEqual({ type: 'done' });
    expect(seen).toHaveLength(2);
    expect(await readEventStream(stream([{ type: 'delta', text: 'a' }]), () => {})).toEqual({
      type: 'error',
      code: 'interrupted',
    });
  });
});

describe('conversation ids (security review L12)', () => {
  const secret = 'test-secret-0123456789abcdef0123456789';
  it('are issued with a signature this server checks', () => {
    const id = issueConversationId(secret);
    expect(id).toMatch(/^[0-9a-f-]{36}\.[\w-]{43}$/);
    expect(isIssuedConversationId(secret, id)).toBe(true);
    expect(issueConversationId(secret)).not.toBe(id);
  });
  it('refuse a client-chosen id, a plain UUID, a re-signed uuid or another key’s id', () => {
    const id = issueConversationId(secret);
    const [uuid, signature] = id.split('.');
    expect(isIssuedConversationId(secret, uuid)).toBe(false);
    expect(isIssuedConversationId(secret, `${crypto.randomUUID()}.${signature}`)).toBe(false);
    expect(
      isIssuedConversationId(secret, issueConversationId('another-secret-0123456789abcdef01', uuid)),
    ).toBe(false);
    for (const bad of [undefined, null, 42, '', 'x', `${id}x`, id.toUpperCase()]) {
      expect(isIssuedConversationId(secret, bad)).toBe(false);
    }
  });
});

describe('MessageText links (security review L12)', () => {
  const html = (text: string) => renderToStaticMarkup(createElement(MessageText, { text }));
  it('links site paths and https URLs', () => {
    expect(html('See [events](/events).')).toContain('href="/events"');
    expect(html('Ver [eventos](/es/events).')).toContain('href="/es/events"');
    expect(html('[Docs](https://example.org/a)')).toContain('href="https://example.org/a"');
  });
  it.each([
    '/\\evil.example',
    '//evil.example',
    '/\\/evil.example',
    '/es//evil.example',
    '/fr/\\evil.example',
    'javascript:alert(1)',
    'http://evil.example',
  ])('leaves [x](%s) as text, never a link', (href) => {
    const out = html(`Go [here](${href}) now`);
    expect(out).not.toContain('<a');
    expect(out).toContain('[here]');
  });
});

describe('MessageText phone numbers (UX review 2026-12-01 §5)', () => {
  const html = (text: string) => renderToStaticMarkup(createElement(MessageText, { text }));
  it('makes the help lines and UK numbers tel: links', () => {
    expect(html('In an emergency, call 999.')).toContain('<a href="tel:999"');
    expect(html('call the police on 101.')).toContain('href="tel:101"');
    expect(html('puedes llamar a la policía al 101.')).toContain('href="tel:101"');
    expect(html('Stop Hate UK: call 0800 138 1625 or visit [stophateuk.org](https://www.stophateuk.org).')).toContain(
      'href="tel:08001381625"',
    );
    expect(html('- Samaritans: call 116 123 (free).')).toContain('href="tel:116123"');
    expect(html('email x@example.org or call 0113 496 0000.')).toContain('href="tel:01134960000"');
  });
  it('leaves other numbers as text', () => {
    for (const text of ['Racism 101 is a course', 'It costs £999', 'Every Wednesday @ 10:00 AM', 'In 2025, 2,500+ people', 'Charity 1234567'])
      expect(html(text)).not.toContain('tel:');
  });
});
