// The e-mail copy staff can edit: one entry per kind of e-mail (its label, whether it has a subject, the
// variables it allows, the links it requires and its default copy), the copy's small grammar, the check
// that refuses a copy dropping a required link or naming an unknown variable, and the renderer that turns
// a copy and its values into blocks — used by the functions' mails (mail-layout.ts) and the panel's preview.
//
// A body is blocks separated by blank lines: `# Heading`, a paragraph, or a link on its own
// (`[Label]({{someLink}})`: the mail's button, a plain link for any after the first). In a paragraph,
// `{{name}}` is a variable's value and `[label]({{someLink}})` a link. Links point only at link
// variables, so a copy cannot send a subscriber anywhere the code did not put there.
import { PRODUCT_NAME } from './constants';
import {
  MAIL_COPY_BODY_EMPTY,
  MAIL_COPY_BODY_TOO_LONG,
  MAIL_COPY_STRAY_BRACES,
  MAIL_COPY_SUBJECT_EMPTY,
  MAIL_COPY_SUBJECT_TOO_LONG,
  mailCopyLinkInSubject,
  mailCopyMissingLink,
  mailCopyNotALink,
  mailCopyUnknownVariable,
} from './messages';

export const MAIL_KINDS = ['confirmation', 'invitation', 'statusLink', 'reward', 'broadcastFooter'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export interface MailCopy {
  subject: string;
  body: string;
}

export interface MailVariableSpec {
  description: string;
  /** A link (a URL the code makes): usable only as a link target, or bare as its URL. */
  link: boolean;
  /** The value the preview shows. */
  sample: string;
}

export const MAIL_VARIABLES = {
  productName: { description: 'The product’s name', link: false, sample: PRODUCT_NAME },
  confirmLink: {
    description: 'The link that confirms the address',
    link: true,
    sample: 'https://silk.travel/confirm?token=…',
  },
  statusLink: {
    description: 'The private status page (place in line, referrals)',
    link: true,
    sample: 'https://silk.travel/status?token=…',
  },
  referralLink: {
    description: 'The subscriber’s link to share',
    link: true,
    sample: 'https://silk.travel/?ref=abcd2345',
  },
  unsubscribeLink: {
    description: 'The unsubscribe page',
    link: true,
    sample: 'https://silk.travel/unsubscribe?token=…',
  },
  eraseLink: {
    description: 'The "Delete my data" section of the unsubscribe page',
    link: true,
    sample: 'https://silk.travel/unsubscribe?token=…#erase',
  },
  acceptLink: {
    description: 'The single-use invitation link',
    link: true,
    sample: 'https://silk.travel/invite?code=…',
  },
  notNowLink: {
    description: 'The invitation page’s "Not now" section',
    link: true,
    sample: 'https://silk.travel/invite?code=…#not-now',
  },
  expiresOn: { description: 'The day the invitation stops working', link: false, sample: '12 December 2026' },
  tierName: { description: 'The reward tier reached', link: false, sample: 'Skip ahead' },
  tierDescription: {
    description: 'What the tier gives',
    link: false,
    sample: 'You moved 100 places up the line.',
  },
  confirmedReferrals: { description: 'The confirmed referrals so far', link: false, sample: '3' },
  nextTier: {
    description: 'Where the next reward stands, as a sentence',
    link: false,
    sample: 'Next: 3 of 5 referrals to Silk tote.',
  },
} as const satisfies Record<string, MailVariableSpec>;

export type MailVariable = keyof typeof MAIL_VARIABLES;
export type MailValues = Partial<Record<MailVariable, string>>;

export interface MailKindSpec {
  label: string;
  description: string;
  /** false: the copy is a part of other mails (the broadcast footer) and has no subject of its own. */
  hasSubject: boolean;
  variables: readonly MailVariable[];
  /** Links the body must contain: a copy without one of them is refused. */
  requiredLinks: readonly MailVariable[];
  defaults: MailCopy;
}

/** The links every mail to a subscriber carries in its footer, so every kind may use them. */
const FOOTER_VARIABLES = [
  'productName',
  'statusLink',
  'referralLink',
  'unsubscribeLink',
  'eraseLink',
] as const satisfies readonly MailVariable[];

export const CONFIRM_BUTTON_LABEL = 'Confirm my spot';
export const INVITATION_BUTTON_LABEL = 'Accept my invitation';
export const INVITATION_NOT_NOW_LABEL = 'Not now';
export const STATUS_BUTTON_LABEL = 'See my place in line';
export const REWARD_BUTTON_LABEL = 'See my rewards';

const paragraphs = (...blocks: string[]) => blocks.join('\n\n');

export const MAIL_KIND_SPECS: Record<MailKind, MailKindSpec> = {
  confirmation: {
    label: 'Confirmation',
    description: 'Sent when someone joins: confirms the address (double opt-in).',
    hasSubject: true,
    variables: [...FOOTER_VARIABLES, 'confirmLink'],
    requiredLinks: ['confirmLink'],
    defaults: {
      subject: 'Confirm your spot on the {{productName}} waitlist',
      body: paragraphs(
        '# You are almost on the list',
        'Thanks for joining the {{productName}} waitlist. Please confirm that this address is yours, so we know where to send your early access link.',
        `[${CONFIRM_BUTTON_LABEL}]({{confirmLink}})`,
        'If you did not sign up, you can ignore this e-mail or delete your data with the link below.',
      ),
    },
  },
  invitation: {
    label: 'Invitation',
    description: 'Sent to each person a wave or the drip invites.',
    hasSubject: true,
    variables: [...FOOTER_VARIABLES, 'acceptLink', 'notNowLink', 'expiresOn'],
    requiredLinks: ['acceptLink'],
    defaults: {
      subject: "You're invited to {{productName}}",
      body: paragraphs(
        '# Your invitation to {{productName}}',
        'Your wait is over: you can join {{productName}} now. This invitation is yours alone and works once, until {{expiresOn}}.',
        `[${INVITATION_BUTTON_LABEL}]({{acceptLink}})`,
        `[${INVITATION_NOT_NOW_LABEL}]({{notNowLink}})`,
        'Not ready yet? "Not now" keeps your place on the waitlist, or takes you off it — your choice.',
      ),
    },
  },
  statusLink: {
    label: 'Status link',
    description: 'A fresh link to the private status page, sent when a subscriber asks for one.',
    hasSubject: true,
    variables: FOOTER_VARIABLES,
    requiredLinks: ['statusLink'],
    defaults: {
      subject: 'Your place on the {{productName}} waitlist',
      body: paragraphs(
        '# Your place in line',
        'Here is a fresh link to your private status page: your place in line, your confirmed referrals and your link to share. It works for 30 days.',
        `[${STATUS_BUTTON_LABEL}]({{statusLink}})`,
        'If you did not ask for this link, you can ignore this e-mail: the page shows nothing but your place.',
      ),
    },
  },
  reward: {
    label: 'Reward',
    description: 'Sent once when a subscriber’s confirmed referrals reach a reward tier.',
    hasSubject: true,
    variables: [...FOOTER_VARIABLES, 'tierName', 'tierDescription', 'confirmedReferrals', 'nextTier'],
    requiredLinks: ['statusLink'],
    defaults: {
      subject: 'You earned a reward: {{tierName}}',
      body: paragraphs(
        '# You reached {{tierName}}',
        'Thank you: {{confirmedReferrals}} confirmed referrals through your link earned you {{tierName}} on the {{productName}} waitlist. {{tierDescription}}',
        '{{nextTier}}',
        `[${REWARD_BUTTON_LABEL}]({{statusLink}})`,
        'The team will be in touch about your reward.',
      ),
    },
  },
  broadcastFooter: {
    label: 'Broadcast footer',
    description: 'The end of every broadcast: why the mail came and how to stop it.',
    hasSubject: false,
    variables: FOOTER_VARIABLES,
    requiredLinks: ['unsubscribeLink'],
    defaults: {
      subject: '',
      body: paragraphs(
        'You receive this because this address joined the {{productName}} waitlist.',
        '[Unsubscribe]({{unsubscribeLink}}) · [Delete my data]({{eraseLink}}) · [Your place in line]({{statusLink}})',
      ),
    },
  },
};

export const MAIL_SUBJECT_MAX_LENGTH = 200;
export const MAIL_BODY_MAX_LENGTH = 5000;

export function isMailKind(value: unknown): value is MailKind {
  return (MAIL_KINDS as readonly unknown[]).includes(value);
}

// ---- the grammar --------------------------------------------------------------------------------------

/** A piece of a line: text, a variable's value, or a link to a link variable. */
export type CopyPart =
  | { type: 'text'; text: string }
  | { type: 'variable'; name: string }
  | { type: 'link'; label: string; name: string };

export type CopyBlock =
  | { type: 'heading'; parts: CopyPart[] }
  | { type: 'paragraph'; parts: CopyPart[] }
  /** A link on its own: the mail's button (the first) or a plain link. */
  | { type: 'action'; label: string; name: string };

const TOKEN = /\[([^[\]\n]+)\]\(\{\{\s*([A-Za-z0-9_]*)\s*\}\}\)|\{\{\s*([A-Za-z0-9_]*)\s*\}\}/g;
const ACTION = /^\[([^[\]\n]+)\]\(\{\{\s*([A-Za-z0-9_]*)\s*\}\}\)$/;

export function parseLine(line: string): CopyPart[] {
  const parts: CopyPart[] = [];
  let at = 0;
  for (const match of line.matchAll(TOKEN)) {
    if (match.index > at) parts.push({ type: 'text', text: line.slice(at, match.index) });
    if (match[1] !== undefined) parts.push({ type: 'link', label: match[1], name: match[2] ?? '' });
    else parts.push({ type: 'variable', name: match[3] ?? '' });
    at = match.index + match[0].length;
  }
  if (at < line.length) parts.push({ type: 'text', text: line.slice(at) });
  return parts;
}

/** The body's blocks (blank lines separate them; a block's own line breaks become spaces). */
export function parseBody(body: string): CopyBlock[] {
  return body
    .replaceAll('\r\n', '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim().replaceAll(/\s*\n\s*/g, ' '))
    .filter((block) => block !== '')
    .map((block): CopyBlock => {
      const action = ACTION.exec(block);
      if (action) return { type: 'action', label: action[1] ?? '', name: action[2] ?? '' };
      if (block.startsWith('# ')) return { type: 'heading', parts: parseLine(block.slice(2).trim()) };
      return { type: 'paragraph', parts: parseLine(block) };
    });
}

// ---- the check -----------------------------------------------------------------------------------------

export type MailCopyProblem =
  | { problem: 'subjectEmpty' }
  | { problem: 'subjectTooLong' }
  | { problem: 'bodyEmpty' }
  | { problem: 'bodyTooLong' }
  | { problem: 'unknownVariable'; name: string }
  | { problem: 'linkNotAllowed'; name: string }
  | { problem: 'notALink'; name: string }
  | { problem: 'strayBraces' }
  | { problem: 'missingLink'; name: MailVariable };

function partsOf(blocks: CopyBlock[]): CopyPart[] {
  return blocks.flatMap((block) =>
    block.type === 'action' ? [{ type: 'link' as const, label: block.label, name: block.name }] : block.parts,
  );
}

function partProblems(kind: MailKind, parts: CopyPart[], where: 'subject' | 'body'): MailCopyProblem[] {
  const allowed = new Set<string>(MAIL_KIND_SPECS[kind].variables);
  const problems: MailCopyProblem[] = [];
  for (const part of parts) {
    if (part.type === 'text') {
      if (part.text.includes('{{') || part.text.includes('}}')) problems.push({ problem: 'strayBraces' });
      continue;
    }
    if (!allowed.has(part.name)) {
      problems.push({ problem: 'unknownVariable', name: part.name });
      continue;
    }
    const isLink = MAIL_VARIABLES[part.name as MailVariable].link;
    if (part.type === 'link' && !isLink) problems.push({ problem: 'notALink', name: part.name });
    if (part.type === 'variable' && isLink && where === 'subject')
      problems.push({ problem: 'linkNotAllowed', name: part.name });
  }
  return problems;
}

/** Why a copy of `kind` cannot be saved (none: it can). Each problem once, in the order found. */
export function mailCopyProblems(kind: MailKind, copy: MailCopy): MailCopyProblem[] {
  const spec = MAIL_KIND_SPECS[kind];
  const problems: MailCopyProblem[] = [];
  if (spec.hasSubject) {
    if (copy.subject.trim() === '') problems.push({ problem: 'subjectEmpty' });
    if (copy.subject.length > MAIL_SUBJECT_MAX_LENGTH) problems.push({ problem: 'subjectTooLong' });
    problems.push(...partProblems(kind, parseLine(copy.subject), 'subject'));
  }
  if (copy.body.trim() === '') problems.push({ problem: 'bodyEmpty' });
  if (copy.body.length > MAIL_BODY_MAX_LENGTH) problems.push({ problem: 'bodyTooLong' });
  const parts = partsOf(parseBody(copy.body));
  problems.push(...partProblems(kind, parts, 'body'));
  const linked = new Set(parts.filter((part) => part.type !== 'text').map((part) => part.name));
  for (const name of spec.requiredLinks)
    if (!linked.has(name)) problems.push({ problem: 'missingLink', name });
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = JSON.stringify(problem);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What the Admin is told of a problem (the panel as they type, the server's 400). */
export function mailCopyProblemMessage(problem: MailCopyProblem): string {
  switch (problem.problem) {
    case 'subjectEmpty':
      return MAIL_COPY_SUBJECT_EMPTY;
    case 'subjectTooLong':
      return MAIL_COPY_SUBJECT_TOO_LONG;
    case 'bodyEmpty':
      return MAIL_COPY_BODY_EMPTY;
    case 'bodyTooLong':
      return MAIL_COPY_BODY_TOO_LONG;
    case 'strayBraces':
      return MAIL_COPY_STRAY_BRACES;
    case 'unknownVariable':
      return mailCopyUnknownVariable(problem.name);
    case 'notALink':
      return mailCopyNotALink(problem.name);
    case 'linkNotAllowed':
      return mailCopyLinkInSubject(problem.name);
    case 'missingLink':
      return mailCopyMissingLink(problem.name);
  }
}

// ---- rendering -------------------------------------------------------------------------------------------

/** A rendered piece: text, or a link with its label and URL. */
export type RenderedPart = { text: string } | { label: string; url: string };

export type RenderedBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; parts: RenderedPart[] }
  | { type: 'action'; label: string; url: string };

export interface RenderedCopy {
  subject: string;
  blocks: RenderedBlock[];
}

const valueOf = (values: MailValues, name: string) => values[name as MailVariable] ?? '';

function renderParts(parts: CopyPart[], values: MailValues): RenderedPart[] {
  return parts.map((part) => {
    if (part.type === 'text') return { text: part.text };
    if (part.type === 'link') return { label: part.label, url: valueOf(values, part.name) };
    const value = valueOf(values, part.name);
    return MAIL_VARIABLES[part.name as MailVariable]?.link ? { label: value, url: value } : { text: value };
  });
}

const plainText = (parts: RenderedPart[]) =>
  parts.map((part) => ('text' in part ? part.text : part.label)).join('');

/** The copy with its values, as blocks for the mail's layout (a variable without a value is empty). */
export function renderCopy(copy: MailCopy, values: MailValues): RenderedCopy {
  return {
    subject: plainText(renderParts(parseLine(copy.subject), values)),
    blocks: parseBody(copy.body).map((block): RenderedBlock => {
      if (block.type === 'action')
        return { type: 'action', label: block.label, url: valueOf(values, block.name) };
      if (block.type === 'heading')
        return { type: 'heading', text: plainText(renderParts(block.parts, values)) };
      return { type: 'paragraph', parts: renderParts(block.parts, values) };
    }),
  };
}

/** The preview's values: each variable's sample. */
export function sampleValues(): MailValues {
  return Object.fromEntries(Object.entries(MAIL_VARIABLES).map(([name, spec]) => [name, spec.sample]));
}
