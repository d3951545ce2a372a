import { z } from 'zod';
import { isoDate, localized, localizedParagraphs, slug, uniqueBy } from './schema';

export const privacySectionSchema = z.object({ id: slug, title: localized, body: localizedParagraphs }).strict();
export type PrivacySection = z.infer<typeof privacySectionSchema>;

export const privacySchema = z
  .object({
    /** Date of the last change, shown on the page. */
    updated: isoDate,
    sections: z.array(privacySectionSchema).min(1).superRefine(uniqueBy((s) => s.id)),
  })
  .strict();
export type PrivacyPolicy = z.infer<typeof privacySchema>;

/**
 * Privacy policy of the website, under the revised Swiss Federal Act on Data
 * Protection (nLPD / FADP) and, where it applies, the EU GDPR. Any change to
 * the site's forms, cookies or providers must be reflected here, with a new date.
 */
export const privacy: PrivacyPolicy = {
  updated: '2026-11-22',
  sections: [
    {
      id: 'responsable',
      title: { fr: 'Responsable du traitement', en: 'Who is responsible' },
      body: {
        fr: [
          'La présente politique de confidentialité explique comment la JE EPFL, association d’étudiantes et d’étudiants de l’EPFL et de l’UNIL établie à Lausanne, traite les données personnelles collectées sur ce site. Elle se fonde sur la loi fédérale sur la protection des données (nLPD), en vigueur depuis le 1er septembre 2023, et, lorsqu’il s’applique, sur le règlement général de l’Union européenne sur la protection des données (RGPD).',
          'Le responsable du traitement est l’association JE EPFL, à Lausanne. Pour toute question concernant vos données, écrivez-nous à l’adresse e-mail indiquée dans le pied de page et sur la page Contact, ou par courrier à l’adresse postale qui y figure.',
        ],
        en: [
          'This privacy policy explains how JE EPFL, a student association of EPFL and UNIL based in Lausanne, processes the personal data collected on this website. It is based on the revised Swiss Federal Act on Data Protection (FADP, known in French as the nLPD), in force since 1 September 2023, and, where it applies, on the EU General Data Protection Regulation (GDPR).',
          'The controller is the association JE EPFL, Lausanne. If you have any question about your data, write to us at the e-mail address given in the footer and on the contact page, or by post to the postal address shown there.',
        ],
      },
    },
    {
      id: 'donnees-collectees',
      title: { fr: 'Données que nous collectons', en: 'What data we collect' },
      body: {
        fr: [
          'Formulaire de contact et demande de devis : votre prénom, votre nom, votre adresse e-mail, votre numéro de téléphone, la manière dont vous nous avez connus (connaissance, newsletter, événements, réseaux sociaux, appel, autre) et votre message.',
          'Estimateur de prix de traduction : le type de service (traduction et relecture, ou relecture seule), le nombre de mots, la langue source, la ou les langues cibles, votre adresse e-mail et vos éventuels commentaires. Les textes que vous nous confiez ensuite pour un mandat peuvent eux-mêmes contenir des données personnelles : nous les traitons uniquement pour réaliser ce mandat.',
          'Données techniques : lorsque vous consultez le site, notre hébergeur Cloudflare traite automatiquement les informations nécessaires à l’affichage des pages et à la sécurité du site, comme votre adresse IP, la date et l’heure de la requête, la page demandée et le type de navigateur. Nous ne nous servons pas de ces informations pour vous identifier ni pour établir un profil.',
          'Nous ne vous demandons aucune donnée sensible (par exemple sur votre santé ou vos opinions) et vous prions de ne pas en inclure dans vos messages.',
        ],
        en: [
          'Contact and quote form: your first name, last name, e-mail address, phone number, how you heard about us (acquaintance, newsletter, events, social media, phone call, other) and your message.',
          'Translation price estimator: the type of service (translation and proofreading, or proofreading only), the word count, the source language, the target language or languages, your e-mail address and any comments. Texts you later entrust to us for a project may themselves contain personal data: we process them solely to carry out that project.',
          'Technical data: when you visit the website, our hosting provider Cloudflare automatically processes the information needed to display the pages and keep the site secure, such as your IP address, the date and time of the request, the page requested and the type of browser. We do not use this information to identify you or to build a profile.',
          'We do not ask for any sensitive data (for example about your health or your opinions), and we ask you not to include any in your messages.',
        ],
      },
    },
    {
      id: 'finalites',
      title: { fr: 'Pourquoi nous utilisons vos données', en: 'Why we use your data' },
      body: {
        fr: [
          'Nous utilisons vos données uniquement pour répondre à vos questions, établir le devis ou l’estimation de prix que vous demandez et vous l’envoyer par e-mail, préparer et réaliser le mandat qui en découle, facturation comprise, protéger le site et ses formulaires contre le spam et les abus, et afficher le site dans la langue de votre choix.',
          'Lorsqu’un mandat est confié à des étudiantes et étudiants, ceux-ci ne reçoivent que les informations nécessaires à leur travail.',
          'Nous ne vendons pas vos données, nous ne les utilisons pas à des fins publicitaires et nous ne prenons à votre sujet aucune décision individuelle automatisée.',
        ],
        en: [
          'We use your data only to answer your questions, prepare the quote or price estimate you ask for and send it to you by e-mail, plan and carry out the resulting project, including invoicing, protect the website and its forms against spam and abuse, and show the website in the language you have chosen.',
          'When a project is entrusted to students, they receive only the information they need for their work.',
          'We do not sell your data, we do not use it for advertising, and we do not make any automated individual decisions about you.',
        ],
      },
    },
    {
      id: 'bases-legales',
      title: { fr: 'Bases légales', en: 'Legal basis' },
      body: {
        fr: [
          'En droit suisse, nous traitons vos données dans le respect des principes de la nLPD : licéité, bonne foi, proportionnalité, finalité déterminée et exactitude. Ce traitement est justifié par votre demande et par le contrat que nous concluons ensemble, par nos obligations légales et, pour la sécurité du site, par notre intérêt légitime.',
          'Lorsque le RGPD s’applique, nous nous fondons sur : les mesures précontractuelles prises à votre demande et l’exécution du contrat (art. 6, al. 1, let. b RGPD) pour les devis, les estimations et les mandats ; le respect de nos obligations légales, notamment comptables (art. 6, al. 1, let. c RGPD) ; notre intérêt légitime à protéger le site contre le spam et les abus et à mémoriser la langue que vous avez choisie (art. 6, al. 1, let. f RGPD) ; votre consentement, lorsque vous nous l’avez donné en envoyant un formulaire (art. 6, al. 1, let. a RGPD).',
          'Vous pouvez retirer votre consentement à tout moment, avec effet pour l’avenir.',
        ],
        en: [
          'Under Swiss law, we process your data in line with the principles of the FADP: lawfulness, good faith, proportionality, a specified purpose and accuracy. The processing is justified by your request and the contract we enter into with you, by our legal obligations and, for the security of the website, by our legitimate interest.',
          'Where the GDPR applies, we rely on: steps taken at your request before entering into a contract and the performance of that contract (Article 6(1)(b) GDPR) for quotes, price estimates and projects; compliance with our legal obligations, in particular in accounting (Article 6(1)(c) GDPR); our legitimate interest in protecting the website against spam and abuse and in remembering the language you have chosen (Article 6(1)(f) GDPR); and your consent, where you have given it by submitting a form (Article 6(1)(a) GDPR).',
          'You may withdraw your consent at any time, with effect for the future.',
        ],
      },
    },
    {
      id: 'conservation',
      title: { fr: 'Durée de conservation', en: 'How long we keep your data' },
      body: {
        fr: [
          'Comme indiqué lorsque vous envoyez le formulaire, les données saisies sont traitées pendant la durée de notre collaboration, puis supprimées. Si votre demande ne débouche pas sur un mandat, nous les supprimons dès qu’elles ne sont plus nécessaires pour y répondre.',
          'Font exception les documents que la loi nous impose de garder : les pièces comptables, comme les contrats et les factures, sont conservées pendant dix ans, conformément au Code des obligations (art. 958f CO).',
          'Le cookie de langue reste 365 jours dans votre navigateur ; vous pouvez le supprimer à tout moment dans les réglages de celui-ci.',
        ],
        en: [
          'As stated when you submit the form, the data you enter is processed for the duration of our collaboration and then deleted. If your request does not lead to a project, we delete it as soon as it is no longer needed to answer you.',
          'The exception is what the law requires us to keep: accounting records, such as contracts and invoices, are kept for ten years under the Swiss Code of Obligations (Article 958f CO).',
          'The language cookie stays in your browser for 365 days; you can delete it at any time in your browser settings.',
        ],
      },
    },
    {
      id: 'sous-traitants',
      title: { fr: 'Sous-traitants et transferts à l’étranger', en: 'Service providers and transfers abroad' },
      body: {
        fr: [
          'Nous faisons appel aux prestataires suivants, qui traitent des données pour notre compte et uniquement selon nos instructions :',
          'Cloudflare, pour l’hébergement du site et l’exécution de son code (Cloudflare Workers), la protection contre les attaques et la vérification anti-robots des formulaires (Cloudflare Turnstile) ;',
          'MailChannels, pour l’envoi des e-mails générés par le site, par exemple la transmission de votre message à notre équipe ou l’envoi de votre estimation de prix.',
          'Ces prestataires peuvent traiter des données hors de Suisse, notamment aux États-Unis. Un tel transfert n’a lieu que vers un pays dont le Conseil fédéral reconnaît le niveau de protection adéquat ou moyennant des garanties appropriées, comme les clauses contractuelles types reconnues par le PFPDT et par la Commission européenne.',
          'Nous ne communiquons vos données à aucun autre tiers, sauf si la loi nous y oblige.',
        ],
        en: [
          'We use the following service providers, who process data on our behalf and only on our instructions:',
          'Cloudflare, for hosting the website and running its code (Cloudflare Workers), protecting it against attacks and checking that forms are not sent by bots (Cloudflare Turnstile);',
          'MailChannels, for delivering the e-mails sent by the website, for example forwarding your message to our team or sending you your price estimate.',
          'These providers may process data outside Switzerland, in particular in the United States. Such transfers only take place to a country whose level of data protection the Swiss Federal Council recognises as adequate, or with appropriate safeguards, such as the standard contractual clauses recognised by the FDPIC and the European Commission.',
          'We do not disclose your data to any other third party unless the law requires us to.',
        ],
      },
    },
    {
      id: 'cookies',
      title: { fr: 'Cookies', en: 'Cookies' },
      body: {
        fr: [
          'Le site n’utilise qu’un seul cookie, le cookie de langue « lang ». Il enregistre la langue que vous avez choisie (fr ou en) afin d’afficher le site dans cette langue lors de vos prochaines visites. Il est conservé 365 jours, n’est transmis qu’à notre site et ne sert ni au suivi, ni aux statistiques, ni à la publicité.',
          'Nous n’utilisons aucun outil de mesure d’audience, aucun cookie publicitaire et aucun traceur de réseaux sociaux.',
          'Pour protéger les formulaires contre le spam, Cloudflare Turnstile vérifie que la demande provient bien d’un navigateur utilisé par une personne. Cette vérification se fait sans cookie de suivi : elle repose sur des informations techniques transmises par votre navigateur, que Cloudflare traite pour distinguer les personnes des robots.',
        ],
        en: [
          'The website uses a single cookie: the language cookie “lang”. It stores the language you have chosen (fr or en) so that the site is shown in that language on your next visits. It is kept for 365 days, is only sent to our website and is never used for tracking, analytics or advertising.',
          'We use no audience measurement tools, no advertising cookies and no social media trackers.',
          'To protect the forms against spam, Cloudflare Turnstile checks that the request really comes from a browser used by a person. This check works without tracking cookies: it relies on technical information sent by your browser, which Cloudflare processes to tell people and bots apart.',
        ],
      },
    },
    {
      id: 'vos-droits',
      title: { fr: 'Vos droits', en: 'Your rights' },
      body: {
        fr: [
          'Dans les limites prévues par la loi, vous pouvez à tout moment savoir si nous traitons des données vous concernant et en obtenir une copie (droit d’accès), faire corriger des données inexactes (rectification), demander leur effacement, vous opposer à un traitement, recevoir les données que vous nous avez fournies dans un format électronique courant ou les faire transmettre à un autre responsable (portabilité), et retirer votre consentement.',
          'Pour exercer ces droits, écrivez-nous à l’adresse e-mail indiquée dans le pied de page et sur la page Contact. Nous pouvons vous demander de justifier de votre identité. Nous vous répondons en principe gratuitement, dans un délai de 30 jours.',
          'Si vous estimez que vos données sont traitées de manière illicite, vous pouvez vous adresser au Préposé fédéral à la protection des données et à la transparence (PFPDT, www.edoeb.admin.ch). Si vous résidez dans l’Union européenne ou dans l’Espace économique européen, vous pouvez également déposer une plainte auprès de l’autorité de protection des données de votre pays.',
        ],
        en: [
          'Within the limits set by law, you may at any time find out whether we process data about you and obtain a copy of it (right of access), have inaccurate data corrected (rectification), ask for it to be deleted, object to its processing, receive the data you have given us in a common electronic format or have it sent to another controller (data portability), and withdraw your consent.',
          'To exercise these rights, write to us at the e-mail address given in the footer and on the contact page. We may ask you to prove your identity. We will reply within 30 days, in principle free of charge.',
          'If you believe that your data is being processed unlawfully, you can contact the Federal Data Protection and Information Commissioner (FDPIC, www.edoeb.admin.ch). If you live in the European Union or the European Economic Area, you can also lodge a complaint with the data protection authority of your country.',
        ],
      },
    },
    {
      id: 'securite',
      title: { fr: 'Sécurité', en: 'Security' },
      body: {
        fr: [
          'Les échanges entre votre navigateur et le site sont chiffrés (HTTPS). Seuls les membres de l’association qui en ont besoin pour traiter votre demande ou votre mandat ont accès à vos données.',
          'Nous prenons des mesures techniques et organisationnelles adaptées pour protéger vos données contre la perte, l’accès non autorisé et l’utilisation abusive. Aucune transmission sur Internet n’étant toutefois totalement sûre, nous vous recommandons de ne pas envoyer d’informations confidentielles par le formulaire de contact.',
        ],
        en: [
          'Communication between your browser and the website is encrypted (HTTPS). Only the members of the association who need your data to handle your request or your project have access to it.',
          'We take appropriate technical and organisational measures to protect your data against loss, unauthorised access and misuse. However, as no transmission over the internet is completely secure, we recommend that you do not send confidential information through the contact form.',
        ],
      },
    },
    {
      id: 'liens-externes',
      title: { fr: 'Liens vers d’autres sites', en: 'Links to other websites' },
      body: {
        fr: [
          'Le site contient des liens vers des services externes, comme la plateforme de jobs étudiants, le réseau des alumni et nos pages sur les réseaux sociaux. Ces services appliquent leurs propres règles de protection des données, que nous vous invitons à consulter. La présente politique ne couvre que ce site.',
        ],
        en: [
          'The website contains links to external services, such as the student job platform, the alumni network and our social media pages. These services have their own data protection rules, which we encourage you to read. This policy covers this website only.',
        ],
      },
    },
    {
      id: 'modifications',
      title: { fr: 'Modifications de cette politique', en: 'Changes to this policy' },
      body: {
        fr: [
          'Nous pouvons adapter cette politique, par exemple si nos prestataires ou la loi changent. La version en vigueur est celle publiée sur cette page, avec la date de sa dernière mise à jour.',
        ],
        en: [
          'We may update this policy, for example if our service providers or the law change. The version in force is the one published on this page, together with the date of its last update.',
        ],
      },
    },
  ],
};
