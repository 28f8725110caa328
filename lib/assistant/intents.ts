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
    /\b(donat\w*|donor|give money|fundrais\w*|donar|donacion\w*|donativo\w*|faire un don|un don\b|dons en ligne|doar|doacao|doacoes|contribuir com dinheiro)\b/,
  contact:
    /\b(contact\w*|get in touch|speak to (?:someone|a person|the team)|talk to (?:someone|a person|the team)|e-?mail (?:you|address)|phone(?: number| you)?|telephone|call you|ring you|(?:your|postal) address|where (?:is your office|are you(?: based| located)?)|your office|visit you|hablar con|correo|telefono|llamar\w*|direccion|oficina|donde estais|joindre (?:l'equipe|quelqu'un)|ecrire a|courriel|adresse|ou etes-vous|vos bureaux|appeler|falar com|telefone|ligar\w*|morada|endereco|onde ficam|escritorio)\b/,
  events:
    /\b(events?|workshops?|what'?s on|upcoming|meetings?|eventos?|actividad\w*|talleres|taller|reunion\w*|evenements?|ateliers?|atividades?|reuniao|reunioes|agenda)\b/,
  vacancies:
    /\b(jobs?|vacanc\w*|hiring|careers?|work for you|paid roles?|empleos?|trabajo|vacantes?|ofertas de empleo|emplois?|offres? d'emploi|recrut\w*|postes?|vagas?|empregos?|trabalhar (?:convosco|com voces))\b/,
  courses: /\b(courses?|training|e-?learning|classes|cursos?|formacion|formation|cours|formacao|formacoes)\b/,
  newsletter:
    /\b(newsletter|mailing list|subscribe|subscription|boletin|suscrib\w*|suscripcion|lettre d'information|infolettre|abonner|abonnement|boletim|subscrever|subscricao)\b/,
};

/** The intents a message expresses, in a fixed order (help, volunteer, donate, contact, events, vacancies, courses, newsletter). */
export function detectIntents(message: string): Intent[] {
  const text = normalizeText(message);
  return (Object.keys(INTENT_PATTERNS) as Intent[]).filter((intent) => INTENT_PATTERNS[intent].test(text));
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
 * false positive only adds a few lines of help before the answer; a miss could leave someone without it.
 */
const SAFEGUARDING_PATTERN = new RegExp(
  [
    // English
    String.raw`hate (?:crime|incident)s?`,
    String.raw`racis[tm]\w* (?:abuse|attack|assault|comment|remark|slur|insult|harassment)\w*`,
    String.raw`racially (?:abused|attacked|harassed|assaulted)`,
    String.raw`racist (?:to|towards|at) me`,
    String.raw`abused`,
    String.raw`(?:was|been|got|being) (?:attacked|assaulted|beaten|threatened|harassed|spat at)`,
    String.raw`attacked me|assaulted me|threatened me|harass(?:ed|ing) me|hit me|punched me|spat at me`,
    String.raw`harassment`,
    String.raw`suicid\w*`,
    String.raw`kill (?:myself|me)`,
    String.raw`self[- ]?harm\w*`,
    String.raw`hurt(?:ing)? myself`,
    String.raw`want to die`,
    String.raw`end (?:my life|it all)`,
    String.raw`in danger`,
    String.raw`(?:not|don'?t feel) safe`,
    String.raw`unsafe`,
    // The climate crisis/emergency is one of the charity's topics, not a personal emergency.
    String.raw`(?<!climate )(?:emergency|crisis)`,
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
  ].join('|'),
);

/** True when the message needs safeguarding help first (any of the four languages). */
export function needsSafeguarding(message: string): boolean {
  return new RegExp(`\\b(?:${SAFEGUARDING_PATTERN.source})\\b`).test(normalizeText(message));
}
