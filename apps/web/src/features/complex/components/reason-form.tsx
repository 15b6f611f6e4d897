import { type FormEvent, useState } from 'react';

/**
 * "What is wrong?" in a few words, sent as one (reporting a listing, a problem with a hand-over): the
 * server's rule (3–300 characters) is the field's too. Labels already translated.
 */
export function ReasonForm({
  label,
  send,
  busy = false,
  onSend,
}: {
  label: string;
  send: string;
  busy?: boolean;
  onSend: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend(reason.trim());
  };
  return (
    <form className="stack" onSubmit={submit}>
      <label className="field">
        <span className="field__label">{label}</span>
        <input
          className="input"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          minLength={3}
          maxLength={300}
          required
        />
      </label>
      <button type="submit" className="button button--secondary button--small" disabled={busy}>
        {send}
      </button>
    </form>
  );
}
