/**
 * The one home of the words page checks look for, in every language riskscan is sold in
 * (English, German, French, Italian, Spanish, Dutch, Portuguese). A check asks for a concept
 * (`LEXICON.recoveryPhrase`) and gets one pattern for all languages; it never lists words itself.
 * Entries are regular-expression fragments matched case-insensitively against a page's prose
 * with accents kept, so `günstiger` and `récupération` are written as they are spelt.
 */
export const LANGUAGES = ['en', 'de', 'fr', 'it', 'es', 'nl', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];

type Words = Readonly<Record<Language, readonly string[]>>;

const WORDS = {
  /** Wallet recovery phrases and private keys: what a wallet never asks for on a web page. */
  recoveryPhrase: {
    en: [
      'recovery phrase',
      'seed phrase',
      'secret (?:recovery )?phrase',
      'mnemonic(?: phrase)?',
      'private key',
      '(?:12|24)[- ]word',
      '12,? 18 or 24 words',
      '(?:12|24) words',
      'wallet phrase',
    ],
    de: [
      'wiederherstellungs(?:phrase|satz|wörter)',
      'seed[- ]phrase',
      'geheime phrase',
      'privater? schlüssel',
      '(?:12|24) wörter',
      '(?:12|24)[- ]wort',
    ],
    fr: ['phrase de récupération', 'phrase secrète', 'phrase mnémonique', 'clé privée', '(?:12|24) mots'],
    it: ['frase di recupero', 'frase segreta', 'frase seed', 'chiave privata', '(?:12|24) parole'],
    es: ['frase de recuperación', 'frase semilla', 'frase secreta', 'clave privada', '(?:12|24) palabras'],
    nl: ['herstelzin', 'herstelfrase', 'geheime zin', 'privésleutel', 'private sleutel', '(?:12|24) woorden'],
    pt: ['frase de recuperação', 'frase semente', 'frase secreta', 'chave privada', '(?:12|24) palavras'],
  },
  /** Pressure to act now or lose something: the lure around a phishing form. */
  urgency: {
    en: [
      'within (?:24|48|72) hours',
      'immediately',
      'final (?:notice|reminder|warning)',
      'avoid (?:a |additional |late )?(?:fees?|penalt(?:y|ies)|suspension|surcharges?)',
      'last chance',
      'expires? today',
      'act now',
    ],
    de: [
      'innerhalb von (?:24|48|72) stunden',
      'letzte (?:mahnung|erinnerung|warnung)',
      'um (?:zusätzliche )?(?:gebühren|mahngebühren|strafen|eine sperrung) zu vermeiden',
      'läuft heute ab',
    ],
    fr: [
      'sous (?:24|48|72) ?h(?:eures)?',
      'dans les (?:24|48|72) heures',
      'immédiatement',
      'dernier (?:avis|rappel|avertissement)',
      'pour éviter (?:des |une |toute )?(?:frais|pénalités?|majorations?|suspension|amende)',
      'expire aujourd',
    ],
    it: [
      'entro (?:24|48|72) ore',
      'immediatamente',
      'ultimo (?:avviso|sollecito)',
      'per evitare (?:ulteriori )?(?:costi|sanzioni|penali|more|la sospensione)',
      'scade oggi',
    ],
    es: [
      'en (?:las próximas )?(?:24|48|72) horas',
      'inmediatamente',
      'último (?:aviso|recordatorio)',
      'para evitar (?:recargos|sanciones|multas|la suspensión|cargos)',
      'vence hoy',
    ],
    nl: [
      'binnen (?:24|48|72) uur',
      'onmiddellijk',
      'laatste (?:herinnering|aanmaning|waarschuwing)',
      'om (?:extra )?(?:kosten|boetes?|blokkering) te voorkomen',
      'verloopt vandaag',
    ],
    pt: [
      '(?:em|nas próximas) (?:24|48|72) horas',
      'imediatamente',
      'último (?:aviso|lembrete)',
      'para evitar (?:multas|juros|taxas|a suspensão|coimas)',
      'expira hoje',
    ],
  },
  /** The pretext: something is owed, blocked or must be confirmed. */
  pretext: {
    en: [
      'unpaid (?:toll|tolls|fee|invoice|balance)',
      'outstanding (?:toll|balance|amount|payment)',
      'toll (?:balance|violation|notice|invoice|bill|due|payment)',
      '(?:past due|overdue) (?:toll|balance|invoice|amount)',
      'customs (?:fee|duty|charge)',
      'redelivery fee',
      'shipping fee',
      'parcel (?:is )?(?:on hold|held)',
      'tax refund',
      'account (?:has been |is |will be )?(?:suspended|locked|limited|restricted|deactivated)',
      'verify your (?:account|identity)',
      'confirm your (?:account|identity|details)',
      're-?enrol(?:l)?(?:ment)? (?:your |in )?(?:mfa|multi-factor|two-factor|2fa|authenticator)',
      're-?register your (?:device|authenticator)',
      'mailbox (?:is )?(?:full|over quota)',
      'password (?:expires|has expired)',
    ],
    de: [
      '(?:unbezahlte|offene|ausstehende) (?:maut|mautgebühr|gebühr|rechnung|zahlung|betrag)',
      'mautgebühr',
      'zollgebühr',
      'zustellgebühr',
      'paket (?:wird )?(?:zurückgehalten|angehalten)',
      'steuer(?:rück)?erstattung',
      'konto (?:wurde |ist |wird )?(?:gesperrt|eingeschränkt|deaktiviert)',
      '(?:bestätigen|verifizieren) sie ihre? (?:identität|konto|daten|angaben)',
      '(?:zwei-faktor|2fa|mfa)[^.]{0,40}(?:erneut|neu) (?:registrieren|einrichten)',
      'postfach (?:ist )?voll',
    ],
    fr: [
      'péages? (?:impayée?s?|non payée?s?)',
      'impayée?s?',
      'frais de (?:douane|livraison|réexpédition)',
      'colis (?:est )?(?:en attente|bloqué|retenu)',
      'remboursement d.impôt',
      'compte (?:a été |est |sera )?(?:suspendu|bloqué|limité|désactivé)',
      '(?:vérifiez|confirmez) (?:votre|vos) (?:identité|compte|informations|coordonnées)',
      '(?:réinscri|réenregistr)\\p{L}*[^.]{0,40}(?:double authentification|mfa|2fa)',
      'boîte (?:aux lettres|mail) (?:est )?pleine',
    ],
    it: [
      'pedaggi(?:o|i) (?:non pagat[oi]|insolut[oi])',
      'insolut[oi]',
      'spese di (?:spedizione|sdoganamento|giacenza)',
      'pacco (?:è )?(?:in giacenza|bloccato|trattenuto)',
      'rimborso (?:fiscale|irpef)',
      'conto (?:è stato |è |sarà )?(?:sospeso|bloccato|limitato|disattivato)',
      '(?:verifica|conferma) (?:la tua|i tuoi) (?:identità|account|dati)',
      'riattiva\\p{L}*[^.]{0,40}(?:autenticazione a due fattori|mfa|2fa)',
      'casella (?:di posta )?piena',
    ],
    es: [
      'peajes? (?:impagad[oa]s?|pendientes?|no pagad[oa]s?)',
      'impagad[oa]s?',
      'tasas? de (?:aduana|envío|reenvío)',
      'paquete (?:está )?(?:retenido|en espera|bloqueado)',
      'devolución de impuestos',
      'reembolso de impuestos',
      'cuenta (?:ha sido |está |será )?(?:suspendida|bloqueada|limitada|desactivada)',
      '(?:verifique|confirme|verifica|confirma) (?:su|tu|sus|tus) (?:identidad|cuenta|datos)',
      'volver a registrar[^.]{0,40}(?:doble factor|mfa|2fa)',
      'buzón (?:está )?lleno',
    ],
    nl: [
      '(?:onbetaalde|openstaande) (?:tol|tolheffing|rekening|betaling|bedrag)',
      'tolheffing',
      'invoerrechten',
      'verzendkosten',
      'pakket (?:is |wordt )?(?:vastgehouden|geblokkeerd|in de wacht)',
      'belastingteruggave',
      'rekening (?:is |wordt )?(?:geblokkeerd|opgeschort|beperkt)',
      'account (?:is |wordt )?(?:geblokkeerd|opgeschort|beperkt)',
      '(?:verifieer|bevestig) uw (?:identiteit|account|gegevens)',
      'opnieuw registreren[^.]{0,40}(?:tweestapsverificatie|mfa|2fa)',
      'mailbox (?:is )?vol',
    ],
    pt: [
      'portage(?:m|ns) (?:em atraso|não paga|pendente)',
      'em atraso',
      'taxa(?:s)? (?:alfandegária|de envio|aduaneira)',
      'encomenda (?:está )?(?:retida|em espera|bloqueada)',
      'reembolso (?:de imposto|do irs)',
      'conta (?:foi |está |será )?(?:suspensa|bloqueada|limitada|desativada)',
      '(?:verifique|confirme) (?:a sua|os seus|sua|seus) (?:identidade|conta|dados)',
      'registar novamente[^.]{0,40}(?:autenticação de dois fatores|mfa|2fa)',
      'caixa de correio (?:está )?cheia',
    ],
  },
  /** Asked to scan a code with a phone: the QR lure's instruction. */
  scanCode: {
    en: ['scan (?:the|this) (?:qr ?)?code', 'scan with your (?:phone|mobile|camera)'],
    de: ['(?:qr-?code|code) (?:mit ihrem (?:handy|smartphone) )?scannen', 'scannen sie (?:den|diesen) (?:qr-?)?code'],
    fr: ['scannez (?:le|ce) (?:qr ?)?code', 'scanner (?:le|ce) (?:qr ?)?code'],
    it: ['scansiona (?:il|questo) (?:qr ?)?code', 'inquadra il (?:qr ?)?code', 'scansiona il codice'],
    es: ['escanee? (?:el|este) (?:código|qr)', 'escanea (?:el|este) (?:código|qr)'],
    nl: ['scan (?:de|deze) (?:qr-?)?code'],
    pt: ['digitalize (?:o|este) (?:código|qr)', 'leia o (?:código|qr)', 'escaneie o (?:código|qr)'],
  },
  /** Shop wording: carts, checkout, stock and shipping. */
  shop: {
    en: ['add to (?:cart|basket|bag)', 'shopping (?:cart|bag|basket)', 'checkout', 'buy now', 'order now', 'in stock', 'free shipping'],
    de: [
      'in den warenkorb',
      'warenkorb',
      'zur kasse',
      'jetzt kaufen',
      'jetzt bestellen',
      'auf lager',
      'kostenloser versand',
      'versandkostenfrei',
    ],
    fr: ['ajouter au panier', 'panier', 'acheter maintenant', 'commander', 'en stock', 'livraison gratuite'],
    it: ['aggiungi al carrello', 'carrello', 'acquista ora', 'ordina ora', 'spedizione gratuita'],
    es: ['añadir al carrito', 'agregar al carrito', 'carrito', 'comprar ahora', 'envío gratis'],
    nl: ['in (?:de )?winkelwagen', 'winkelwagen', 'afrekenen', 'nu kopen', 'op voorraad', 'gratis verzending'],
    pt: ['adicionar ao carrinho', 'carrinho', 'comprar agora', 'em estoque', 'frete grátis', 'envio grátis'],
  },
  /** Words after a percentage that make it a discount ("70% off", "70% günstiger"). */
  discount: {
    en: ['off', 'discount', 'sale', 'cheaper'],
    de: ['rabatt', 'günstiger', 'billiger', 'reduziert', 'nachlass'],
    fr: ['de réduction', 'de remise', 'moins cher', 'de rabais'],
    it: ['di sconto', 'sconto', 'in meno'],
    es: ['de descuento', 'descuento', 'más barato'],
    nl: ['korting', 'goedkoper'],
    pt: ['de desconto', 'desconto', 'mais barato'],
  },
  /** Words for paying, before "only". */
  pay: {
    en: ['pay(?:ment)?s?', 'accept(?:ed)?', 'checkout'],
    de: ['bezahlung', 'zahlung', 'zahlbar', 'bezahlen', 'zahlen', 'akzeptieren'],
    fr: ['paiements?', 'payer', 'règlement', 'acceptons'],
    it: ['pagamento', 'pagamenti', 'pagare', 'accettiamo'],
    es: ['pagos?', 'pagar', 'aceptamos'],
    nl: ['betaling', 'betalen', 'accepteren'],
    pt: ['pagamentos?', 'pagar', 'aceitamos'],
  },
  only: {
    en: ['only', 'exclusively'],
    de: ['nur', 'ausschließlich', 'ausschliesslich'],
    fr: ['uniquement', 'seulement', 'exclusivement'],
    it: ['solo', 'soltanto', 'esclusivamente', 'unicamente'],
    es: ['solo', 'sólo', 'únicamente', 'exclusivamente'],
    nl: ['alleen', 'uitsluitend', 'enkel'],
    pt: ['apenas', 'somente', 'exclusivamente', 'só'],
  },
  crypto: {
    en: ['bitcoin', 'btc', 'usdt', 'tether', 'ethereum', 'crypto(?:currency|currencies)?'],
    de: ['krypto(?:währung(?:en)?)?', 'kryptowährung'],
    fr: ['crypto(?:monnaies?)?', 'cryptomonnaie'],
    it: ['cripto(?:valute?)?', 'criptovaluta'],
    es: ['cripto(?:monedas?)?', 'criptomoneda'],
    nl: ['crypto(?:valuta)?'],
    pt: ['cripto(?:moedas?)?', 'criptomoeda'],
  },
  prepayment: {
    en: ['bank transfer', 'wire transfer', 'prepayment', 'payment in advance', 'western union', 'moneygram', 'friends (?:and|&) family'],
    de: ['vorkasse', 'vorauskasse', 'überweisung', 'banküberweisung', 'vorauszahlung'],
    fr: ['virement(?: bancaire)?', 'paiement anticipé', 'prépaiement'],
    it: ['bonifico(?: bancario)?', 'pagamento anticipato', 'ricarica postepay'],
    es: ['transferencia(?: bancaria)?', 'pago por adelantado', 'pago anticipado', 'bizum'],
    nl: ['overschrijving', 'vooruitbetaling', 'bankoverschrijving'],
    pt: ['transferência(?: bancária)?', 'pagamento antecipado', 'pix', 'mb way'],
  },
  /** Links an honest shop shows: who runs it, its terms, how to reach it. */
  legal: {
    en: [
      'imprint',
      'legal notice',
      'terms',
      'conditions',
      'privacy',
      'returns?',
      'refund',
      'withdrawal',
      'contact',
      'about us',
      'shipping policy',
    ],
    de: ['impressum', 'agb', 'datenschutz', 'widerruf', 'kontakt', 'über uns', 'versand(?:bedingungen|informationen)'],
    fr: ['mentions légales', 'cgv', 'conditions générales', 'confidentialité', 'retours?', 'nous contacter', 'à propos'],
    it: ['note legali', 'condizioni', 'privacy', 'resi', 'recesso', 'contatti', 'chi siamo'],
    es: ['aviso legal', 'términos', 'condiciones', 'privacidad', 'devoluciones', 'contacto', 'quiénes somos'],
    nl: ['colofon', 'algemene voorwaarden', 'voorwaarden', 'privacy', 'retourneren', 'contact', 'over ons'],
    pt: ['termos', 'condições', 'privacidade', 'devoluções', 'contato', 'contacto', 'quem somos'],
  },
  /** Signing in: the first step of a login that asks for the account name before the password. */
  signIn: {
    en: ['sign[- ]?in', 'log[- ]?in', 'login', 'log on', 'next', 'continue'],
    de: ['anmelden', 'anmeldung', 'einloggen', 'weiter'],
    fr: ['se connecter', 'connexion', 'identifiez-vous', 'suivant', 'continuer'],
    it: ['accedi', 'accesso', 'avanti', 'continua'],
    es: ['iniciar sesión', 'inicia sesión', 'acceder', 'siguiente', 'continuar'],
    nl: ['inloggen', 'aanmelden', 'volgende', 'doorgaan'],
    pt: ['entrar', 'iniciar sessão', 'aceder', 'acessar', 'seguinte', 'continuar'],
  },
  /** A one-time code sent by text message or an app. */
  oneTimeCode: {
    en: ['one-?time (?:code|password|passcode)', 'verification code', 'security code sent', 'sms code', 'authenticator code', '\\botp\\b'],
    de: ['einmal(?:code|passwort|kennwort)', 'bestätigungscode', 'sms-?code', 'sms-?tan', 'mtan', 'pushtan', '\\btan\\b'],
    fr: ['code (?:à usage unique|de vérification|reçu par sms|sms)', 'mot de passe à usage unique'],
    it: ['codice (?:di verifica|otp|sms|monouso)', 'password monouso'],
    es: ['código (?:de verificación|sms|de un solo uso)', 'clave de un solo uso'],
    nl: ['verificatiecode', 'sms-?code', 'eenmalige code'],
    pt: ['código (?:de verificação|sms|de uso único)', 'código de confirmação'],
  },
} as const satisfies Record<string, Words>;

export type Concept = keyof typeof WORDS;

/** The fragments of a concept, every language together, as one alternation (no anchors). */
export function alternation(concept: Concept): string {
  return `(?:${LANGUAGES.flatMap((language) => WORDS[concept][language]).join('|')})`;
}

/** The fragments of a concept in one language, for tests and for naming the language found. */
export function wordsOf(concept: Concept, language: Language): readonly string[] {
  return WORDS[concept][language];
}

const patterns = new Map<Concept, RegExp>();

/** One case-insensitive pattern finding the concept as whole words in any language. */
export function lexiconPattern(concept: Concept): RegExp {
  let pattern = patterns.get(concept);
  if (!pattern) {
    pattern = new RegExp(`(?<![\\p{L}\\p{N}])${alternation(concept)}(?![\\p{L}\\p{N}])`, 'iu');
    patterns.set(concept, pattern);
  }
  return pattern;
}

/** The languages whose wording for a concept the text uses. */
export function languagesOf(concept: Concept, text: string): Language[] {
  return LANGUAGES.filter((language) =>
    new RegExp(`(?<![\\p{L}\\p{N}])(?:${WORDS[concept][language].join('|')})(?![\\p{L}\\p{N}])`, 'iu').test(text),
  );
}
