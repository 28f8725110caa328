/**
 * What a visitor's message is about, in English, Spanish, French and Portuguese (pure, no I/O).
 *
 * Keyword patterns, not a model: they run with no API key, are predictable, and are unit-tested in every
 * language. Text is compared without case or accents (`voluntário` = `voluntario`), so visitors typing without
 * accents are understood too.
 */

export type Intent = 'help' | 'volunteer' | 'donate' | 'contact' | 'events' | 'courses' | 'newsletter' | 'vacancies';

/** Lower-case, accents removed, curly apostrophes straightened. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .toLowerCase();
}

/** Patterns on normalised text; each alternative list covers en, es, fr and pt. */
const INTENT_PATTERNS: Record<Intent, RegExp> = {
  help: /\b(report (?:racism|a hate crime|hate crime|an incident|a racist incident|discrimination)|get help|need (?:help|support)|support for victims|denunciar\w*|necesito ayuda|pedir ayuda|signaler\w*|porter plainte|besoin d'aide|obtenir de l'aide|denunciar|preciso de ajuda|obter ajuda|queixa)\b/,
  volunteer:
    /\b(volunteer\w*|get involved|join (?:the |your )?(?:network|team|you|us)|sign ?up|become a member|membership|voluntari\w*|unirme|unirse|involucrarme|hacerme (?:socio|miembro)|colaborar con|benevol\w*|rejoindre|m'engager|s'engager|adherer|juntar-me|aderir|envolver-me|inscrever-me|registar-me|registrarme|inscribirme|m'inscrire|registration|register)\b/,
  donate:
    /\b(donat\w*|donor|give money|give (?:monthly|regularly|every month|each month|a (?:monthly|regular) (?:gift|amount))|(?:monthly|regular) (?:gift|giving)|standing order|direct debit|gift aid|fundrais\w*|donar|donacion\w*|donativo\w*|faire un don|un don\b|dons en ligne|don (?:mensuel|regulier)|donner (?:tous les mois|chaque mois|mensuellement|par mois|regulierement|de l'argent)|doar|doacao|doacoes|contribuir com dinheiro)\b/,
  contact:
    /\b(contact\w*|get in touch|speak to (?:someone|a person|the team)|talk to (?:someone|a person|the team)|e-?mail (?:you|address)|phone(?: number| you)?|telephone|call you|ring you|(?:your|postal) address|where (?:is your office|are you(?: based| located)?)|your office|visit you|hablar con|correo|telefono|llamar\w*|direccion|oficina|donde estais|joindre (?:l'equipe|quelqu'un)|ecrire a|courriel|adresse|ou etes-vous|vos bureaux|appeler|falar com|telefone|ligar\w*|morada|endereco|onde ficam|escritorio)\b/,
  events:
    /\b(events?|workshops?|what'?s on|upcoming|meetings?|eventos?|actividad\w*|talleres|taller|reunion\w*|evenements?|ateliers?|atividades?|reuniao|reunioes|agenda)\b/,
  vacancies:
    /\b(jobs?|vacanc\w*|hiring|careers?|work for you|paid roles?|empleos?|trabajo|vacantes?|ofertas de empleo|emplois?|offres? d'emploi|recrut\w*|postes?|vagas?|empregos?|trabalhar (?:convosco|com voces))\b/,
  courses: /\b(courses?|training|e-?learning|classes|cursos?|formacion|formations?|cours|formacao|formacoes)\b/,
  newsletter:
    /\b(newsletter|mailing list|subscribe|subscription|boletin|suscrib\w*|suscripcion|lettre d'information|infolettre|abonner|abonnement|boletim|subscrever|subscricao)\b/,
};

/** The intents a message expresses, in a fixed order (help, volunteer, donate, contact, events, vacancies, courses, newsletter). */
export function detectIntents(message: string): Intent[] {
  const text = normalizeText(message);
  return (Object.keys(INTENT_PATTERNS) as Intent[]).filter((intent) => INTENT_PATTERNS[intent].test(text));
}

/** "When…", "where…" (cuándo/dónde, quand/où, quando/onde): a question whose best answer is an event's time and place. */
const WHEN_WHERE = /\b(when|where|what time|cuando|donde|a que hora|quand|ou a lieu|ou se|a quelle heure|quando|onde|a que horas)\b/;

/** True when the message asks when or where something happens (four languages), so events lead the cited pages. */
export function asksWhenOrWhere(message: string): boolean {
  return WHEN_WHERE.test(normalizeText(message));
}

/**
 * The message with its intent phrases removed (normalised text), for retrieval: "how can I volunteer?" is
 * answered by the volunteer guidance, and searching the content for "volunteer" would only add pages that
 * merely mention it (volunteer profiles). What remains ("...for the climate assembly") still finds its page.
 */
export function topicText(message: string): string {
  let text = normalizeText(message);
  for (const pattern of Object.values(INTENT_PATTERNS)) text = text.replace(new RegExp(pattern.source, 'g'), ' ');
  return text;
}

/**
 * Messages that describe a hate incident, racist abuse, a crisis, self-harm or danger. Deliberately broad: a
 * false positive only shows the help lines instead of reading suggestions; a miss could leave someone without
 * them. Matched on normalised text whose apostrophes are spaces (`can't`, `can’t`, `cant` and `can t` alike;
 * `j'ai`, `j ai`, `jai`), so the patterns write an apostrophe as ` ?`.
 */
const SAFEGUARDING_PATTERN = new RegExp(
  [
    // English
    String.raw`hate (?:crime|incident)s?`,
    String.raw`racis[tm]\w* (?:abuse|attack|assault|comment|remark|slur|insult|harassment)\w*`,
    String.raw`racially (?:abused|attacked|harassed|assaulted|discriminated|targeted|bullied|insulted)`,
    String.raw`racist (?:to|towards|at) (?:me|us|my)`,
    String.raw`abused`,
    String.raw`(?:was|been|got|being) (?:attacked|assaulted|beaten|threatened|harassed|spat at|bullied)`,
    String.raw`attacked me|assaulted me|threatened me|harass(?:ed|ing) me|hit me|punched me|spat at me`,
    String.raw`harassment`,
    String.raw`suicid\w*`,
    String.raw`kill (?:myself|me)`,
    String.raw`self[- ]?harm\w*`,
    String.raw`hurt(?:ing)? myself`,
    String.raw`want to die`,
    String.raw`end (?:my life|it all)`,
    String.raw`in danger`,
    String.raw`(?:not|don ?t feel) safe`,
    String.raw`unsafe`,
    // Distress, in the first person ("How do you cope with funding cuts?" is a question about us, not a crisis).
    String.raw`(?:can ?t|cannot|can not|couldn ?t|unable to|not able to|don ?t know how to|struggling to|hard to) cope`,
    String.raw`not coping|cope any ?more`,
    String.raw`(?:i ?m|i am|im|i ve been|i have been|we ?re|we are|feel(?:ing)?|been) (?:\w+ )?struggling`,
    String.raw`struggling (?:a lot|so much|badly|with (?:my|life|everything))`,
    String.raw`overwhelmed|hopeless\w*|desperate`,
    String.raw`(?:can ?t|cannot) (?:go on|take (?:it|this|any ?more)|carry on)`,
    String.raw`no reason to live|falling apart|breaking down|at breaking point`,
    // Spanish
    String.raw`delitos? de odio`,
    String.raw`incidentes? de odio`,
    String.raw`agresi[o]n\w*`,
    String.raw`agredid[oa]s?`,
    String.raw`atacad[oa]s?`,
    String.raw`acos(?:o|ad[oa]|ando|an)`,
    String.raw`amenaz\w*`,
    String.raw`insult\w* racista\w*`,
    String.raw`abuso racista`,
    String.raw`quitarme la vida`,
    String.raw`hacerme dano`,
    String.raw`autolesi\w*`,
    String.raw`peligro`,
    String.raw`emergencia(?! climatica)`,
    String.raw`me quiero morir|quiero morir(?:me)?`,
    String.raw`(?<!climate )crisis(?! climatica)`,
    String.raw`no puedo mas|ya no puedo|no aguanto|no lo soporto|(?:estoy|me siento) (?:muy |tan )?(?:agobiad[oa]|desbordad[oa]|desesperad[oa]|hundid[oa])|sin esperanza`,
    // French
    String.raw`crimes? (?:de haine|haineux)`,
    String.raw`agress\w*`,
    String.raw`attaque(?:e|s)? (?:par|dans|a cause)`,
    String.raw`harcel\w*`,
    String.raw`menac\w*`,
    String.raw`insultes? racistes?`,
    String.raw`me faire du mal`,
    String.raw`automutilation`,
    String.raw`en danger`,
    String.raw`urgence(?! climatique)`,
    String.raw`envie de mourir`,
    String.raw`en finir`,
    String.raw`crise(?! climatique| climatica)`,
    String.raw`(?:je )?n ?en peux plus|j ?en peux plus|je n ?y arrive plus|je ne m ?en sors plus|au bout du rouleau|(?:je suis|je me sens) (?:tres |si |completement )?(?:a bout|deborde|submerge|desespere)e?|sans espoir|je craque`,
    // Portuguese
    String.raw`crimes? de odio`,
    String.raw`agressao|agredid[oa]s?`,
    String.raw`assedi\w*`,
    String.raw`ameac\w*`,
    String.raw`tirar a (?:minha )?(?:propria )?vida`,
    String.raw`magoar-me|fazer-me mal`,
    String.raw`automutila\w*`,
    String.raw`perigo`,
    String.raw`quero morrer`,
    String.raw`(?:nao|ja nao) aguento|nao consigo mais|(?:estou|sinto-me) (?:muito |tao )?(?:sobrecarregad[oa]|esgotad[oa]|desesperad[oa]|em baixo)|sem esperanca`,
  ].join('|'),
);

/** Racism named in any of the four languages (racism, racist, racial abuse; racismo, racista; racisme, raciste). */
const RACISM = String.raw`(?:racis[tm]\w*|racial(?:ly)? (?:abuse\w*|harass\w*|discriminat\w*|slur\w*|bull\w*)|race hate|racial\w* discriminat\w*|discriminat\w* (?:because of|for) (?:my|our|his|her|their) (?:race|colou?r|skin)|discrimina\w* racia\w*|discrimination raciale)`;

/**
 * A first-person account: the visitor (or someone close to them) lived it. Past or ongoing experience verbs and
 * personal objects, in en/es/fr/pt. Paired with RACISM, so "Can I join the Unlearning Racism course?" (first
 * person, but no experience) stays a question about a course.
 */
const LIVED = String.raw`(?:experienc(?:ed|ing)|i experience|we experience|suffer(?:ed|ing)|fac(?:ed|ing)|endur(?:ed|ing)|encounter(?:ed|ing)|subjected|targeted|victim|(?:shout|yell|scream|call|said|sa(?:y|ys)|told|chant|spat|threw|wrote|sent|gave)\w* (?:\w+ ){0,4}(?:at|to|towards) (?:me|us|my|him|her|them)|called (?:me|us|my|him|her)|(?:to|at|towards|against) (?:me|us)|happen\w* to (?:me|us|my)|my (?:son|daughter|child|children|kids?|boy|girl|partner|wife|husband|mum|mother|dad|father|brother|sister|friend|family|colleague|neighbou?r)|(?:i ?m|i am|we are|we ?re) being|he sufrido|sufr[io]\w*|he vivido|vivi|viv[io] (?:el|un)|he experimentado|experimente|me (?:llamaron|llaman|dijeron|dicen|insulta\w*|grita\w*|trata\w*|discrimina\w*)|(?:a )?mis? (?:hij[oa]s?|pareja|madre|padre|herman[oa])|victima|j ?ai (?:subi|vecu|ete)|je subis|subi|vecu|on m ?a|m ?a (?:traite|insulte|dit|appele)|mon fils|ma fille|mes enfants|sofri|sofro|sofremos|tenho sofrido|estou a sofrer|passei por|fui (?:vitima|chamad[oa]|tratad[oa]|insultad[oa])|chamaram-me|me chamaram|(?:o |a )?(?:meu|minha) (?:filh[oa]|companheir[oa]|mae|pai|irma|irmao))`;

/** True when the message needs safeguarding help first (any of the four languages). */
const SAFEGUARDING = new RegExp(String.raw`\b(?:${SAFEGUARDING_PATTERN.source})\b`);
const RACISM_NAMED = new RegExp(String.raw`\b${RACISM}`);
const LIVED_IT = new RegExp(String.raw`\b${LIVED}\b`);

/**
 * True when the message needs safeguarding help first (any of the four languages): it names a hate incident,
 * abuse, a crisis, distress or danger, or it is a first-person account of racism ("I experienced racism at
 * work", "he sufrido racismo", "j'ai subi du racisme", "sofri racismo").
 */
export function needsSafeguarding(message: string): boolean {
  const text = normalizeText(message).replace(/'/g, ' ');
  return SAFEGUARDING.test(text) || (RACISM_NAMED.test(text) && LIVED_IT.test(text));
}
