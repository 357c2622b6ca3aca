import { MESSAGE_DISMISS_MS } from '@app/contract';
import { useCallback, useEffect, useState } from 'react';

export type MessageKind = 'success' | 'error' | 'info';
export interface Flash {
  kind: MessageKind;
  text: string;
  /** Lines under the text, e.g. one per item of a batch. */
  details?: string[];
  /** Stays until closed or replaced, for reports too long to read in 5 s. */
  isSticky?: boolean;
}
export type FlashOptions = Pick<Flash, 'details' | 'isSticky'>;

/** A status message that dismisses itself after 5 s (SPEC §4) or on close. */
export function useFlash() {
  const [flash, setFlash] = useState<Flash | null>(null);
  useEffect(() => {
    if (!flash || flash.isSticky) return;
    const timer = setTimeout(() => setFlash(null), MESSAGE_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  const show = useCallback(
    (kind: MessageKind, text: string, options: FlashOptions = {}) => setFlash({ kind, text, ...options }),
    [],
  );
  /**
   * An error that must not hide the one on show: it joins it as a line below. A failed row action
   * followed by a failed list read would otherwise leave only the read's message, and the trader never
   * learns the action did not happen.
   */
  const addError = useCallback(
    (text: string) =>
      setFlash((f) => {
        if (f?.kind !== 'error') return { kind: 'error', text };
        if (f.text === text || f.details?.includes(text)) return f;
        return { ...f, details: [...(f.details ?? []), text] };
      }),
    [],
  );
  const clear = useCallback(() => setFlash(null), []);
  /** Drops an error once the input that caused it changes; successes keep their 5 s. */
  const clearError = useCallback(() => setFlash((f) => (f?.kind === 'error' ? null : f)), []);
  return { flash, show, addError, clear, clearError };
}

export function Message({ flash, onClose }: { flash: Flash | null; onClose: () => void }) {
  if (!flash) return null;
  return (
    <div className={`message message-${flash.kind}`} role={flash.kind === 'error' ? 'alert' : 'status'}>
      {/* The text stays a direct <span> child: page objects read `.message-error > span`. */}
      <span>{flash.text}</span>
      {flash.details && flash.details.length > 0 && (
        <ul className="message-details">
          {flash.details.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
      <button type="button" className="message-close" aria-label="Dismiss" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
