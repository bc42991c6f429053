/**
 * The one home of the words page checks look for. Every concept has wording in the seven
 * languages riskscan is sold in (English, German, French, Italian, Spanish, Dutch, Portuguese);
 * the concepts that name what a form field asks for (password, card, code, account name, sign-in,
 * recovery phrase) cover the twenty-three languages phishing is written in most, so a field is
 * read in Japanese or Turkish as well as in English. A check asks for a concept
 * (`LEXICON.recoveryPhrase`) and gets one pattern for all languages; it never lists words itself.
 * Entries are regular-expression fragments matched case-insensitively with accents kept, so
 * `günstiger` and `récupération` are written as they are spelt. Languages written without spaces
 * between words (Japanese, Chinese, Korean with its particles, Thai) match without word bounds.
 */
export const LANGUAGES = ['en', 'de', 'fr', 'it', 'es', 'nl', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The languages beyond the seven we sell in that field and sign-in wording covers. */
export const MORE_LANGUAGES = ['ja', 'zh', 'ko', 'tr', 'pl', 'ru', 'ar', 'he', 'th', 'vi', 'id', 'cs', 'ro', 'hu', 'sv', 'uk'] as const;
export type MoreLanguage = (typeof MORE_LANGUAGES)[number];
export type AnyLanguage = Language | MoreLanguage;
const ALL_LANGUAGES: readonly AnyLanguage[] = [...LANGUAGES, ...MORE_LANGUAGES];
/** Scripts that do not separate words by spaces: a fragment matches inside a longer run of letters. */
const UNSPACED: ReadonlySet<AnyLanguage> = new Set(['ja', 'zh', 'ko', 'th']);

type Words = Readonly<Record<Language, readonly string[]>> & Readonly<Partial<Record<MoreLanguage, readonly string[]>>>;
type AllWords = Readonly<Record<AnyLanguage, readonly string[]>>;

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
    ja: ['リカバリーフレーズ', 'シードフレーズ', '復元フレーズ', '秘密鍵', '(?:12|24)(?:個の)?単語'],
    tr: ['kurtarma ifadesi', 'gizli kurtarma ifadesi', 'özel anahtar', '(?:12|24) kelime'],
    pl: ['fraz[aęy] (?:odzyskiwania|seed)', 'klucz prywatny', '(?:12|24) słów'],
    ru: ['сид-?фраз[ауы]', 'секретн(?:ая|ую) фраз[ау]', 'фраз[ауы] восстановления', 'приватный ключ'],
    zh: ['助记词', '助記詞', '私钥'],
    ko: ['복구 ?구문', '시드 ?구문'],
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
    ja: ['(?:24|48|72)時間以内', '至急', '本日中', '速やかに'],
    tr: ['(?:24|48|72) saat içinde', 'hemen', 'son (?:uyarı|hatırlatma)'],
    pl: ['w ciągu (?:24|48|72) godzin', 'natychmiast', 'ostatnie (?:ostrzeżenie|wezwanie|przypomnienie)'],
    ru: ['в течение (?:24|48|72) часов', 'немедленно'],
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
    ja: [
      'アカウント(?:が|を)?(?:停止|制限|ロック|凍結)',
      '不正(?:アクセス|利用|ログイン)',
      '(?:税金の)?還付金?',
      '未払い',
      '未納',
      '再配達',
      '本人確認',
      'お支払い(?:方法)?の(?:確認|更新)',
      '利用(?:停止|制限)',
    ],
    tr: [
      'vergi iadesi',
      'hesabınız (?:askıya alındı|kilitlendi|bloke edildi|kısıtlandı)',
      'kimliğinizi doğrulayın',
      'gümrük (?:ücreti|vergisi)',
      'ödenmemiş',
      'kargonuz (?:bekletiliyor|teslim edilemedi)',
      'borcunuz',
    ],
    pl: [
      'zwrot podatku',
      'konto (?:zostało )?(?:zablokowane|zawieszone)',
      'potwierdź (?:swoją )?tożsamość',
      'dopłat[aey]',
      'paczka (?:oczekuje|wstrzymana|zatrzymana)',
      'nieopłacon[aey]',
      'zaległ[aey] opłat[aey]',
    ],
    ru: ['возврат налога', 'аккаунт (?:заблокирован|приостановлен)', 'подтвердите (?:свою )?личность'],
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
    ja: ['カートに入れる', '買い物かご', 'カート', '今すぐ購入', '送料無料', '在庫あり'],
    tr: ['sepete ekle', 'sepetim', 'hemen al', 'satın al', 'ücretsiz kargo', 'stokta'],
    pl: ['dodaj do koszyka', 'koszyk', 'kup teraz', 'darmowa dostawa', 'dostępny'],
    ru: ['в корзину', 'корзина', 'купить сейчас', 'бесплатная доставка'],
    cs: ['přidat do košíku', 'košík', 'koupit'],
    sv: ['lägg i varukorgen', 'varukorg', 'köp nu', 'fri frakt'],
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
    ja: ['割引', 'オフ', '引き'],
    tr: ['indirim', 'daha ucuz'],
    pl: ['rabat(?:u)?', 'taniej', 'zniżki'],
    ru: ['скидка', 'скидки'],
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
    ja: ['お?支払い', '決済'],
    tr: ['ödeme', 'ödemeler'],
    pl: ['płatność', 'płatności', 'zapłata'],
  },
  only: {
    en: ['only', 'exclusively'],
    de: ['nur', 'ausschließlich', 'ausschliesslich'],
    fr: ['uniquement', 'seulement', 'exclusivement'],
    it: ['solo', 'soltanto', 'esclusivamente', 'unicamente'],
    es: ['solo', 'sólo', 'únicamente', 'exclusivamente'],
    nl: ['alleen', 'uitsluitend', 'enkel'],
    pt: ['apenas', 'somente', 'exclusivamente', 'só'],
    ja: ['のみ'],
    tr: ['sadece', 'yalnızca'],
    pl: ['tylko', 'wyłącznie'],
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
    ja: ['銀行振込', '前払い'],
    tr: ['havale', 'eft', 'banka havalesi'],
    pl: ['przelew(?:em|u)?(?: bankowy(?:m)?)?', 'przedpłata'],
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
    ja: ['特定商取引法', '会社概要', 'お問い合わせ', 'プライバシーポリシー', '利用規約'],
    tr: ['iletişim', 'hakkımızda', 'kvkk', 'mesafeli satış', 'gizlilik'],
    pl: ['regulamin', 'kontakt', 'polityka prywatności', 'o nas', 'zwroty'],
  },
  /** "Verify you are human": the pretext of fake CAPTCHA pages. */
  humanCheck: {
    en: [
      '(?:verify|confirm|prove) (?:that )?you are (?:a )?human',
      "i'?\\s*a?m not a robot",
      'captcha',
      'human verification',
      'verification (?:step|id)',
    ],
    de: ['bestätigen sie, dass sie (?:ein )?mensch sind', 'ich bin kein roboter', 'menschliche verifizierung', 'sicherheitsüberprüfung'],
    fr: ['(?:vérifiez|confirmez|prouvez) que vous (?:êtes|etes) (?:un )?humain', 'je ne suis pas un robot', 'vérification humaine'],
    it: ['(?:verifica|conferma|dimostra) (?:di essere|che sei) (?:un )?umano', 'non sono un robot', 'verifica umana'],
    es: ['(?:verifica|verifique|confirma|confirme|demuestra) que (?:eres|es) (?:un )?humano', 'no soy un robot', 'verificación humana'],
    nl: ['(?:bevestig|verifieer) dat (?:je|u) (?:een )?mens (?:bent|is)', 'ik ben geen robot', 'menselijke verificatie'],
    pt: ['(?:verifique|confirme|prove) que (?:você é|é) (?:um )?humano', 'não sou um robô', 'verificação humana'],
    ja: ['ロボットではありません', '人間であることを確認', '認証を完了'],
    tr: ['robot değilim', 'insan olduğunuzu doğrulayın', 'insan doğrulaması'],
    pl: ['nie jestem robotem', 'potwierdź, że jesteś człowiekiem', 'weryfikacja człowieka'],
    ru: ['я не робот', 'подтвердите, что вы человек'],
  },
  /** Steps that have the visitor run a command: open Run or a terminal, paste. */
  runCommand: {
    en: ['open (?:the )?(?:run dialog|terminal|powershell|command prompt)', 'press (?:and hold )?(?:the )?windows key'],
    de: ['drücken sie (?:die )?windows-?taste', 'ausführen-dialog', 'öffnen sie (?:das )?terminal', 'einfügen'],
    fr: ['appuyez sur (?:la )?touche windows', 'boîte de dialogue exécuter', 'collez', 'coller'],
    it: ['premi (?:il )?tasto windows', 'finestra esegui', 'incolla'],
    es: ['pulsa (?:la )?tecla windows', 'presione (?:la )?tecla windows', 'cuadro ejecutar', 'pega', 'pegue'],
    nl: ['druk op (?:de )?windows-?toets', 'uitvoeren-venster', 'plak'],
    pt: ['pressione (?:a )?tecla windows', 'caixa executar', 'cole', 'colar'],
    ja: ['windowsキー', '貼り付け', 'ファイル名を指定して実行'],
    tr: ['windows tuşu', 'yapıştır', 'çalıştır'],
    pl: ['klawisz windows', 'wklej', 'uruchom'],
    ru: ['клавиш[уа] windows', 'вставьте', 'выполнить'],
  },
  /** A document shared with the visitor that opens only after signing in: the viewer lure. */
  documentViewer: {
    en: [
      'view (?:the )?(?:shared )?(?:document|file|pdf|invoice)',
      '(?:shared|secure) (?:document|file)',
      'sign in to (?:view|download|access) (?:the )?(?:document|file)',
      'to (?:view|download|access) (?:the |this )?(?:document|file|pdf)',
      'document (?:viewer|preview)',
    ],
    de: [
      'dokument (?:anzeigen|ansehen|öffnen)',
      'geteiltes dokument',
      'um das dokument (?:anzuzeigen|zu öffnen|herunterzuladen)',
      'sichere(?:s)? dokument',
    ],
    fr: ['(?:voir|consulter|afficher|ouvrir) le document', 'document partagé', 'pour (?:voir|consulter|télécharger) le document'],
    it: ['(?:visualizza|apri) (?:il )?documento', 'documento condiviso', 'per visualizzare il documento'],
    es: ['(?:ver|abrir) (?:el )?documento', 'documento compartido', 'para ver el documento'],
    nl: ['document (?:bekijken|openen)', 'gedeeld document', 'om het document te (?:bekijken|openen)'],
    pt: ['(?:ver|visualizar|abrir) (?:o )?documento', 'documento partilhado', 'documento compartilhado'],
    ja: ['ドキュメントを表示', '共有ドキュメント', '文書を表示'],
    tr: ['belgeyi görüntüle', 'paylaşılan belge'],
    pl: ['wyświetl dokument', 'udostępniony dokument'],
  },
  /** A code to type in at another (real) sign-in page: the device-code lure. */
  deviceCode: {
    en: [
      'enter (?:this|the following|your) code (?:at|on)',
      'device (?:login|code|authentication)',
      'microsoft\\.com/devicelogin',
      'github\\.com/login/device',
      'aka\\.ms/devicelogin',
      'enter the code below',
    ],
    de: ['geben sie (?:diesen|den folgenden) code (?:auf|unter|bei)', 'gerätecode'],
    fr: ['saisissez (?:ce|le) code (?:sur|à)', 'code (?:d.appareil|de l.appareil)'],
    it: ['inserisci (?:questo|il seguente) codice (?:su|in)', 'codice (?:del )?dispositivo'],
    es: ['introduce (?:este|el siguiente) código en', 'código (?:del|de) dispositivo'],
    nl: ['voer (?:deze|de volgende) code in op', 'apparaatcode'],
    pt: ['introduza (?:este|o seguinte) código em', 'insira (?:este|o) código em', 'código do dispositivo'],
  },
  /** Buttons that connect a crypto wallet to the page. */
  connectWallet: {
    en: [
      'connect (?:your )?wallet',
      'wallet connect',
      'connect to (?:metamask|phantom|wallet)',
      'claim (?:your )?(?:airdrop|tokens|rewards)',
    ],
    de: ['wallet verbinden', 'verbinde (?:deine )?wallet'],
    fr: ['connecter (?:votre |le )?(?:portefeuille|wallet)', 'connectez votre (?:portefeuille|wallet)'],
    it: ['collega (?:il )?(?:tuo )?(?:portafoglio|wallet)', 'connetti (?:il )?wallet'],
    es: ['conectar (?:la |tu |su )?(?:cartera|billetera|wallet)', 'conecta tu (?:cartera|billetera|wallet)'],
    nl: ['(?:verbind|koppel) (?:je |uw )?wallet', 'wallet (?:verbinden|koppelen)'],
    pt: ['conectar (?:a |sua )?(?:carteira|wallet)', 'ligar (?:a )?carteira'],
    ja: ['ウォレットを接続', 'ウォレット接続'],
    tr: ['cüzdanı bağla', 'cüzdan bağla'],
    pl: ['połącz portfel'],
  },
} as const satisfies Record<string, Words>;

/**
 * What a form field asks for and how a form says it signs in, in all twenty-three languages: read
 * from labels, placeholders, names and buttons.
 */
const FIELD_WORDS = {
  /** Signing in: the first step of a login that asks for the account name before the password. */
  signIn: {
    en: ['sign[- ]?in', 'log[- ]?in', 'login', 'log on', 'next', 'continue'],
    de: ['anmelden', 'anmeldung', 'einloggen', 'weiter'],
    fr: ['se connecter', 'connexion', 'identifiez-vous', 'suivant', 'continuer'],
    it: ['accedi', 'accesso', 'avanti', 'continua'],
    es: ['iniciar sesión', 'inicia sesión', 'acceder', 'siguiente', 'continuar'],
    nl: ['inloggen', 'aanmelden', 'volgende', 'doorgaan'],
    pt: ['entrar', 'iniciar sessão', 'aceder', 'acessar', 'seguinte', 'continuar'],
    ja: ['ログイン', 'サインイン', '次へ'],
    zh: ['登录', '登入', '登錄', '下一步'],
    ko: ['로그인', '다음'],
    tr: ['giriş yap', 'giriş', 'oturum aç', 'devam'],
    pl: ['zaloguj(?: się)?', 'logowanie', 'dalej'],
    ru: ['войти', 'вход', 'далее'],
    ar: ['تسجيل الدخول', 'دخول', 'التالي'],
    he: ['התחברות', 'כניסה', 'המשך'],
    th: ['เข้าสู่ระบบ', 'ถัดไป'],
    vi: ['đăng nhập', 'tiếp tục'],
    id: ['masuk', 'lanjut(?:kan)?'],
    cs: ['přihlásit(?: se)?', 'přihlášení', 'pokračovat'],
    ro: ['autentificare', 'conectare', 'continuă'],
    hu: ['bejelentkezés', 'belépés', 'tovább'],
    sv: ['logga in', 'inloggning', 'fortsätt'],
    uk: ['увійти', 'вхід', 'далі'],
  },
  /** A one-time code sent by text message or an app. */
  oneTimeCode: {
    en: [
      'one-?time (?:code|password|passcode|pin)',
      'verification code',
      'security code sent',
      'sms code',
      'authenticator code',
      'otp',
      'authentication code',
      '(?:6|six|8|eight)-digit code',
    ],
    de: [
      'einmal(?:code|passwort|kennwort)',
      'bestätigungscode',
      'sicherheitscode per sms',
      'sms-?code',
      'sms-?tan',
      'mtan',
      'pushtan',
      'tan',
    ],
    fr: ['code (?:à usage unique|de vérification|reçu par sms|sms|de confirmation)', 'mot de passe à usage unique'],
    it: ['codice (?:di verifica|otp|sms|monouso|di conferma)', 'password monouso'],
    es: ['código (?:de verificación|sms|de un solo uso|de confirmación)', 'clave de un solo uso'],
    nl: ['verificatiecode', 'sms-?code', 'eenmalige code', 'bevestigingscode'],
    pt: ['código (?:de verificação|sms|de uso único)', 'código de confirmação'],
    ja: ['確認コード', '認証コード', 'ワンタイムパスワード', '認証番号', 'セキュリティコードを送信'],
    zh: ['验证码', '驗證碼', '动态密码', '動態密碼', '短信验证码'],
    ko: ['인증번호', '인증 ?코드', '일회용 비밀번호'],
    tr: ['doğrulama kodu', 'tek kullanımlık şifre', 'sms şifresi', 'onay kodu'],
    pl: ['kod (?:weryfikacyjny|sms|autoryzacyjny|jednorazowy)', 'jednorazowy kod'],
    ru: ['код подтверждения', 'смс-?код', 'одноразовый (?:код|пароль)'],
    ar: ['رمز التحقق', 'رمز التأكيد'],
    he: ['קוד אימות', 'קוד חד פעמי'],
    th: ['รหัสยืนยัน', 'รหัส ?otp'],
    vi: ['mã xác (?:minh|nhận)', 'mã otp'],
    id: ['kode (?:verifikasi|otp)'],
    cs: ['ověřovací kód', 'sms kód', 'jednorázový kód'],
    ro: ['cod(?:ul)? de verificare', 'cod(?:ul)? (?:unic|sms)'],
    hu: ['ellenőrző kód', 'egyszer használatos (?:kód|jelszó)'],
    sv: ['verifieringskod', 'engångskod', 'sms-kod'],
    uk: ['код підтвердження', 'одноразовий (?:код|пароль)'],
  },
  password: {
    en: ['password', 'passcode', 'pass ?word', 'pwd', 'passwd'],
    de: ['passwort', 'kennwort'],
    fr: ['mot de passe', 'mdp'],
    it: ['password', 'parola d.ordine'],
    es: ['contraseña', 'clave(?: de acceso)?'],
    nl: ['wachtwoord'],
    pt: ['senha', 'palavra-passe'],
    ja: ['パスワード', '暗証番号'],
    zh: ['密码', '密碼'],
    ko: ['비밀번호', '암호'],
    tr: ['şifre', 'parola'],
    pl: ['hasło'],
    ru: ['пароль'],
    ar: ['كلمة المرور', 'كلمة السر'],
    he: ['סיסמה', 'סיסמא'],
    th: ['รหัสผ่าน'],
    vi: ['mật khẩu'],
    id: ['kata sandi'],
    cs: ['heslo'],
    ro: ['parol[aă]'],
    hu: ['jelszó'],
    sv: ['lösenord'],
    uk: ['пароль'],
  },
  cardNumber: {
    en: ['card ?(?:number|num|no)', 'credit card', 'debit card', 'card details'],
    de: ['kartennummer', 'kreditkart(?:e|ennummer)', 'debitkarte'],
    fr: ['numéro (?:de (?:la )?)?carte', 'carte (?:de crédit|bancaire|de débit)'],
    it: ['numero (?:della |di )?carta', 'carta di (?:credito|debito)'],
    es: ['número de (?:la )?tarjeta', 'tarjeta de (?:crédito|débito)'],
    nl: ['kaartnummer', 'creditcard(?:nummer)?', 'betaalkaart'],
    pt: ['número do cartão', 'cartão de (?:crédito|débito)'],
    ja: ['カード番号', 'クレジットカード'],
    zh: ['卡号', '卡號', '信用卡', '银行卡'],
    ko: ['카드 ?번호', '신용카드'],
    tr: ['kart numarası', 'kredi kartı', 'banka kartı'],
    pl: ['numer karty', 'karta kredytowa'],
    ru: ['номер карты', 'банковская карта'],
    ar: ['رقم البطاقة', 'بطاقة الائتمان'],
    he: ['מספר (?:ה)?כרטיס', 'כרטיס אשראי'],
    th: ['หมายเลขบัตร', 'บัตรเครดิต'],
    vi: ['số thẻ', 'thẻ tín dụng'],
    id: ['nomor kartu', 'kartu kredit'],
    cs: ['číslo karty', 'platební karta'],
    ro: ['num[aă]r(?:ul)? (?:de )?card(?:ului)?', 'card de credit'],
    hu: ['kártyaszám', 'bankkártya'],
    sv: ['kortnummer', 'kreditkort'],
    uk: ['номер картки', 'банківська картка'],
  },
  cardExpiry: {
    en: ['expir(?:y|ation)(?: date)?', 'exp(?:\\.|iry)? ?date', 'valid (?:thru|through|until)', 'mm ?/ ?yy(?:yy)?'],
    de: ['ablaufdatum', 'gültig bis', 'mm ?/ ?jj'],
    fr: ['date d.(?:expiration|échéance)', 'date de validité', 'mm ?/ ?aa'],
    it: ['(?:data di )?scadenza', 'mm ?/ ?aa'],
    es: ['(?:fecha de )?(?:caducidad|vencimiento|expiración)', 'mm ?/ ?aa'],
    nl: ['vervaldatum', 'geldig tot', 'mm ?/ ?jj'],
    pt: ['(?:data de )?validade', 'vencimento', 'mm ?/ ?aa'],
    ja: ['有効期限'],
    zh: ['有效期'],
    ko: ['유효기간'],
    tr: ['son kullanma(?: tarihi)?', 'geçerlilik tarihi', 'aa ?/ ?yy'],
    pl: ['data ważności', 'mm ?/ ?rr'],
    ru: ['срок действия', 'мм ?/ ?гг'],
    ar: ['تاريخ الانتهاء'],
    he: ['תוקף'],
    th: ['วันหมดอายุ'],
    vi: ['ngày hết hạn'],
    id: ['masa berlaku', 'tanggal kedaluwarsa'],
    cs: ['platnost', 'datum expirace'],
    ro: ['data expir[aă]rii'],
    hu: ['lejárat(?:i dátum)?'],
    sv: ['utgångsdatum', 'giltig till', 'mm ?/ ?åå'],
    uk: ['термін дії'],
  },
  cardCvc: {
    en: ['cvv2?', 'cvc2?', 'ccv', 'csc', 'security code', 'card verification'],
    de: ['prüfnummer', 'kartenprüfnummer', 'sicherheitscode'],
    fr: ['cryptogramme(?: visuel)?', 'code de sécurité'],
    it: ['codice di sicurezza', 'codice cvv'],
    es: ['código de seguridad'],
    nl: ['beveiligingscode', 'kaartverificatiecode'],
    pt: ['código de segurança'],
    ja: ['セキュリティコード'],
    zh: ['安全码', '安全碼'],
    ko: ['보안 ?코드'],
    tr: ['güvenlik kodu'],
    pl: ['kod (?:cvv|cvc|bezpieczeństwa)'],
    ru: ['код безопасности'],
    ar: ['رمز الأمان'],
    he: ['קוד אבטחה', '3 ספרות'],
    th: ['รหัสความปลอดภัย'],
    vi: ['mã bảo mật'],
    id: ['kode keamanan'],
    cs: ['bezpečnostní kód'],
    ro: ['cod(?:ul)? de securitate'],
    hu: ['biztonsági kód'],
    sv: ['säkerhetskod'],
    uk: ['код безпеки'],
  },
  /** The account name a login asks for first: user name, e-mail, customer or contract number. */
  identifier: {
    en: [
      'user ?(?:name|id)',
      'e-?mail(?: address)?',
      'account (?:number|id|name)',
      '(?:member|customer|client) (?:number|id)',
      'phone number',
      'login id',
    ],
    de: [
      'benutzer(?:name|kennung)',
      'e-?mail-?adresse',
      'kundennummer',
      'vertragsnummer',
      'anmeldename',
      'legitimations?-?id',
      'verfügernummer',
      'teilnehmernummer',
    ],
    fr: ['identifiant', 'adresse (?:e-?mail|électronique)', 'nom d.utilisateur', 'numéro (?:client|de client)'],
    it: ['nome utente', 'codice (?:cliente|utente)', 'indirizzo e-?mail'],
    es: ['usuario', 'correo(?: electrónico)?', 'número de cliente', 'documento de identidad'],
    nl: ['gebruikersnaam', 'e-?mailadres', 'klantnummer', 'rekeningnummer'],
    pt: ['utilizador', 'usuário', 'número de (?:cliente|contribuinte)', 'endereço de e-?mail'],
    ja: ['ユーザー ?(?:名|id)', 'メールアドレス', 'ログインid', 'お客様番号', '契約者番号', '会員番号', 'ご契約番号'],
    zh: ['用户名', '用戶名', '账号', '帳號', '邮箱', '手机号'],
    ko: ['아이디', '이메일', '사용자 ?이름'],
    tr: ['kullanıcı adı', 'e-?posta', 'müşteri numarası', 't\\.?c\\.? kimlik(?: no| numarası)?'],
    pl: ['login', 'nazwa użytkownika', 'identyfikator', 'numer klienta', 'adres e-?mail'],
    ru: ['логин', 'имя пользователя', 'электронная почта'],
    ar: ['اسم المستخدم', 'البريد الإلكتروني'],
    he: ['שם משתמש', 'תעודת זהות', 'דוא"ל'],
    th: ['ชื่อผู้ใช้', 'อีเมล'],
    vi: ['tên đăng nhập', 'tên người dùng'],
    id: ['nama pengguna', 'alamat email'],
    cs: ['uživatelské jméno', 'přihlašovací jméno'],
    ro: ['nume(?: de)? utilizator'],
    hu: ['felhasználónév'],
    sv: ['användarnamn', 'e-?post(?:adress)?', 'personnummer'],
    uk: ['логін', 'ім.я користувача'],
  },
  /** Wallet recovery phrases and private keys, as field labels write them. */
  walletSecret: {
    en: ['recovery phrase', 'seed phrase', 'secret (?:recovery )?phrase', 'mnemonic', 'private key', 'wallet phrase', 'word ?#?\\d{1,2}'],
    de: ['wiederherstellungs(?:phrase|satz)', 'seed-?phrase', 'geheime phrase', 'privater schlüssel', 'wort ?\\d{1,2}'],
    fr: ['phrase de récupération', 'phrase secrète', 'clé privée', 'mot ?\\d{1,2}'],
    it: ['frase di recupero', 'frase segreta', 'chiave privata', 'parola ?\\d{1,2}'],
    es: ['frase de recuperación', 'frase semilla', 'clave privada', 'palabra ?\\d{1,2}'],
    nl: ['herstelzin', 'geheime zin', 'privésleutel', 'woord ?\\d{1,2}'],
    pt: ['frase de recuperação', 'frase semente', 'chave privada', 'palavra ?\\d{1,2}'],
    ja: ['リカバリーフレーズ', 'シードフレーズ', '復元フレーズ', '秘密鍵', 'シークレットリカバリーフレーズ'],
    zh: ['助记词', '助記詞', '私钥', '私鑰'],
    ko: ['복구 ?구문', '시드 ?구문', '개인 ?키', '니모닉'],
    tr: ['kurtarma ifadesi', 'gizli kurtarma', 'özel anahtar', 'kelime ?\\d{1,2}'],
    pl: ['fraza (?:odzyskiwania|seed)', 'klucz prywatny', 'słowo ?\\d{1,2}'],
    ru: ['сид-?фраза', 'секретная фраза', 'фраза восстановления', 'приватный ключ', 'мнемоническая фраза'],
    ar: ['عبارة الاسترداد', 'المفتاح الخاص'],
    he: ['ביטוי שחזור', 'מפתח פרטי'],
    th: ['วลีกู้คืน', 'คีย์ส่วนตัว'],
    vi: ['cụm từ khôi phục', 'khóa riêng tư'],
    id: ['frasa pemulihan', 'kunci pribadi'],
    cs: ['fráze pro obnovení', 'soukromý klíč'],
    ro: ['fraza de recuperare', 'cheie privată'],
    hu: ['helyreállító kifejezés', 'privát kulcs'],
    sv: ['återställningsfras', 'privat nyckel'],
    uk: ['фраза відновлення', 'приватний ключ', 'сід-?фраза'],
  },
} as const satisfies Record<string, AllWords>;

const CONCEPTS: Readonly<Record<string, Words>> = { ...WORDS, ...FIELD_WORDS };

export type Concept = keyof typeof WORDS | keyof typeof FIELD_WORDS;

function fragments(concept: Concept, languages: readonly AnyLanguage[]): string[] {
  return languages.flatMap((language) => (CONCEPTS[concept] as Partial<AllWords>)[language] ?? []);
}

/** The fragments of a concept, every language together, as one alternation (no anchors). */
export function alternation(concept: Concept): string {
  return `(?:${fragments(concept, ALL_LANGUAGES).join('|')})`;
}

/** The fragments of a concept in one language, for tests and for naming the language found. */
export function wordsOf(concept: Concept, language: AnyLanguage): readonly string[] {
  return fragments(concept, [language]);
}

const patterns = new Map<Concept, RegExp>();

/** The pattern of some languages' fragments: whole words, or anywhere in scripts without spaces. */
function languagePattern(concept: Concept, languages: readonly AnyLanguage[]): RegExp {
  const spaced = fragments(
    concept,
    languages.filter((language) => !UNSPACED.has(language)),
  );
  const unspaced = fragments(
    concept,
    languages.filter((language) => UNSPACED.has(language)),
  );
  const parts = [
    ...(spaced.length > 0 ? [`(?<![\\p{L}\\p{N}])(?:${spaced.join('|')})(?![\\p{L}\\p{N}])`] : []),
    ...(unspaced.length > 0 ? [`(?:${unspaced.join('|')})`] : []),
  ];
  return new RegExp(parts.length > 0 ? parts.join('|') : '(?!)', 'iu');
}

/** One case-insensitive pattern finding the concept as whole words in any language. */
export function lexiconPattern(concept: Concept): RegExp {
  let pattern = patterns.get(concept);
  if (!pattern) {
    pattern = languagePattern(concept, ALL_LANGUAGES);
    patterns.set(concept, pattern);
  }
  return pattern;
}

/** The languages whose wording for a concept the text uses. */
export function languagesOf(concept: Concept, text: string): AnyLanguage[] {
  return ALL_LANGUAGES.filter((language) => wordsOf(concept, language).length > 0 && languagePattern(concept, [language]).test(text));
}
