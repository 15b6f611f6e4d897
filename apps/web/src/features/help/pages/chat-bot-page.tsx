import type { LockerSize } from '@petti/shared/constants';
import { ROUTES } from '@petti/shared/routes';
import { telLink, whatsappLink } from '@petti/shared/rules/contact-links';
import type { Booking } from '@petti/shared/schemas/lockers';
import type { Order } from '@petti/shared/schemas/orders';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { generatePath, Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import '../../../lib/ui/form.css';
import { bookingPath, liveBookings, useBookingList } from '../../../lib/bookings/bookings.ts';
import { shopNameOf } from '../../../lib/orders/order-text.ts';
import { isFinal, useOrders } from '../../../lib/orders/orders.ts';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { asksForPerson, bestFaqMatch, ownTopicsOf } from '../chat-answer.ts';
import { HumanHelp } from '../components/human-help.tsx';
import { FAQ } from '../faq.ts';
import { useSupportContacts } from '../support-api.ts';
import '../help.css';

interface ChatLink {
  to: string;
  label: string;
  /** A phone number, email or WhatsApp chat: a plain link out of the app. */
  external?: boolean;
}

interface ChatMessage {
  id: number;
  from: 'me' | 'bot';
  lines: string[];
  links: ChatLink[];
}

/**
 * /chatBot: a question in, an answer out, from the FAQ and from the shopper's own live bookings and
 * orders. Nothing leaves the phone but the usual reads of those lists.
 */
export default function ChatBotPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const bookings = useBookingList('recent');
  const orders = useOrders();
  const support = useSupportContacts();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const nextId = useRef(1);
  const end = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (messages.length > 0) end.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' });
  }, [messages]);

  /** Up to three live things, a line and a link each; or why there are none to show. */
  const statusOf = <T,>(
    live: T[] | null,
    none: string,
    line: (x: T) => string,
    link: (x: T) => ChatLink,
  ): { lines: string[]; links: ChatLink[] } => {
    if (!live) return { lines: [t('help.chat.notLoaded')], links: [] };
    if (live.length === 0) return { lines: [none], links: [] };
    const shown = live.slice(0, 3);
    return { lines: shown.map(line), links: shown.map(link) };
  };

  const bookingLines = () =>
    statusOf<Booking>(
      bookings.data ? liveBookings(bookings.data.data) : null,
      t('help.chat.noLiveBookings'),
      (b) =>
        t('help.chat.bookingLine', {
          size: t(`lockers.sizes.${b.size as LockerSize}`),
          site: b.site.name[lang],
          state: t(`lockers.states.${b.state}`),
        }),
      (b) => ({ to: bookingPath(b), label: `${t('help.chat.open')}: ${b.site.name[lang]}` }),
    );

  const orderLines = () =>
    statusOf<Order>(
      orders.data ? orders.data.pages.flatMap((p) => p.items).filter((o) => !isFinal(o.state)) : null,
      t('help.chat.noLiveOrders'),
      (o) => t('help.chat.orderLine', { shop: shopNameOf(o, lang), status: t(`orders.status.${o.state}`) }),
      (o) => ({
        to: generatePath(ROUTES.myOrder, { id: o.id }),
        label: `${t('help.chat.open')}: ${shopNameOf(o, lang)}`,
      }),
    );

  const contactLinks = (): ChatLink[] => {
    const c = support.data;
    if (!c) return [];
    return [
      ...(c.phone
        ? [{ to: telLink(c.phone), label: t('help.chat.call', { phone: c.phone }), external: true }]
        : []),
      ...(c.whatsapp
        ? [{ to: whatsappLink(c.whatsapp), label: t('help.chat.whatsapp'), external: true }]
        : []),
      ...(c.email
        ? [{ to: `mailto:${c.email}`, label: t('help.chat.email', { email: c.email }), external: true }]
        : []),
    ];
  };

  const answer = (question: string): Omit<ChatMessage, 'id' | 'from'> => {
    const lines: string[] = [];
    const links: ChatLink[] = [];
    // Asked for a person: the help desk, not an FAQ answer that happens to share a word.
    if (asksForPerson(question)) {
      const ways = contactLinks();
      return { lines: [ways.length ? t('help.chat.human') : t('help.chat.humanNone')], links: ways };
    }
    const own = ownTopicsOf(question);
    for (const topic of own) {
      const part = topic === 'bookings' ? bookingLines() : orderLines();
      lines.push(...part.lines);
      links.push(...part.links);
    }
    // "Where is my order?" is answered by the order itself; a FAQ answer must then fit well.
    const faq = bestFaqMatch(FAQ, question, own.length > 0 ? 4 : 2);
    if (faq) lines.push(faq.a[lang]);
    if (lines.length === 0) {
      lines.push(t('help.chat.notSure'));
      links.push({ to: ROUTES.helpCenter, label: t('help.chat.helpCentre') }, ...contactLinks());
    }
    return { lines, links };
  };

  // A question about their own bookings or orders asked before those lists arrived waits for them
  // (a moment on a slow connection) instead of being told to ask again.
  const listsSettled = !bookings.isPending && !orders.isPending;
  const [waiting, setWaiting] = useState<string[]>([]);

  const ask = (question: string) => {
    const text = question.trim();
    if (!text) return;
    const mine: ChatMessage = { id: nextId.current++, from: 'me', lines: [text], links: [] };
    setDraft('');
    if (!listsSettled && ownTopicsOf(text).length > 0) {
      setMessages((m) => [...m, mine]);
      setWaiting((w) => [...w, text]);
      return;
    }
    const reply: ChatMessage = { id: nextId.current++, from: 'bot', ...answer(text) };
    setMessages((m) => [...m, mine, reply]);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: answers the waiting questions once, when the lists settle
  useEffect(() => {
    if (!listsSettled || waiting.length === 0) return;
    const replies = waiting.map((q): ChatMessage => ({ id: nextId.current++, from: 'bot', ...answer(q) }));
    setWaiting([]);
    setMessages((m) => [...m, ...replies]);
  }, [listsSettled, waiting]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    ask(draft);
  };

  const greeting: ChatMessage = { id: 0, from: 'bot', lines: [t('help.chat.greeting')], links: [] };
  return (
    <PageIntro page="chatBot">
      <div role="log" aria-live="polite" data-testid="chat-log">
        <ol className="chat-log">
          {[greeting, ...messages].map((m) => (
            <li key={m.id} className={`chat-bubble chat-bubble--${m.from}`} data-testid={`chat-${m.from}`}>
              <span className="sr-only">{m.from === 'me' ? t('help.chat.you') : t('help.chat.bot')}: </span>
              {m.lines.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a message's lines never change once said
                <p key={i}>{line}</p>
              ))}
              {m.links.length > 0 && (
                <p className="chat-bubble__links">
                  {m.links.map((l) =>
                    l.external ? (
                      <a
                        key={l.to}
                        href={l.to}
                        target={l.to.startsWith('https:') ? '_blank' : undefined}
                        rel="noreferrer"
                      >
                        {l.label}
                      </a>
                    ) : (
                      <Link key={l.to} to={l.to}>
                        {l.label}
                      </Link>
                    ),
                  )}
                </p>
              )}
            </li>
          ))}
          {waiting.length > 0 && (
            <li className="chat-bubble chat-bubble--bot" data-testid="chat-checking">
              <p>{t('help.chat.checking')}</p>
            </li>
          )}
          <li ref={end} aria-hidden="true" className="chat-log__end" />
        </ol>
      </div>
      <div className="chip-filter" data-testid="chat-suggestions">
        {(['suggest1', 'suggest2', 'suggest3'] as const).map((k) => (
          <button
            key={k}
            type="button"
            className="chip-filter__chip"
            onClick={() => ask(t(`help.chat.${k}`))}
          >
            {t(`help.chat.${k}`)}
          </button>
        ))}
      </div>
      <form className="chat-form" onSubmit={submit}>
        <label className="sr-only" htmlFor="chat-input">
          {t('help.chat.inputLabel')}
        </label>
        <input
          id="chat-input"
          className="input"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t('help.chat.placeholder')}
          autoComplete="off"
          maxLength={300}
          data-testid="chat-input"
        />
        <button type="submit" className="button button--primary" disabled={!draft.trim()}>
          {t('help.chat.send')}
        </button>
      </form>
      <HumanHelp />
    </PageIntro>
  );
}
