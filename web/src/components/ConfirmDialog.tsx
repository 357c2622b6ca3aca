import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** What a confirm asks: the question, the specifics a trader checks before saying yes, and the button's words. */
export interface ConfirmQuestion {
  /** One line: what will happen ("Start LIVE trading?"). */
  title: string;
  /** The sentence a trader reads before deciding. */
  text?: string;
  /** Facts the action depends on (account, instrument, lots…), one per line. */
  details?: readonly string[];
  /** The confirming button's label; "OK" when not given. */
  confirmLabel?: string;
  /** The confirming button is red: the action can lose money or data. */
  isDanger?: boolean;
}

type Ask = (question: ConfirmQuestion) => Promise<boolean>;

const ConfirmContext = createContext<Ask | null>(null);

interface Open {
  question: ConfirmQuestion;
  resolve: (answer: boolean) => void;
}

/**
 * Hosts the console's one confirm dialog. A second question while one is open is answered "no" at once,
 * so a double click never asks twice nor acts twice (the native `confirm()` asked twice).
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open | null>(null);
  const openRef = useRef<Open | null>(null);

  const ask = useCallback<Ask>(
    (question) =>
      new Promise<boolean>((resolve) => {
        if (openRef.current) {
          resolve(false);
          return;
        }
        const next = { question, resolve };
        openRef.current = next;
        setOpen(next);
      }),
    [],
  );

  const answer = useCallback((yes: boolean) => {
    const current = openRef.current;
    openRef.current = null;
    setOpen(null);
    current?.resolve(yes);
  }, []);

  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      {open && <ConfirmDialog question={open.question} onAnswer={answer} />}
    </ConfirmContext.Provider>
  );
}

/** Asks the trader to confirm; resolves true only when the confirming button was pressed. */
export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm needs a ConfirmProvider above it');
  return ask;
}

function ConfirmDialog({ question, onAnswer }: { question: ConfirmQuestion; onAnswer: (yes: boolean) => void }) {
  const titleId = useId();
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // Focus starts on Cancel: Enter pressed out of habit never confirms an action that can lose money.
    cancelRef.current?.focus();
    // Heard first (capture) and kept from the page: Escape answers this question only, and never also
    // closes the modal the confirm was opened from.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      onAnswer(false);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [onAnswer]);

  return (
    <div className="modal-backdrop">
      <div
        className="modal card confirm-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
      >
        <h2 id={titleId} className="confirm-title">
          {question.title}
        </h2>
        <div id={textId}>
          {question.text && <p>{question.text}</p>}
          {question.details && question.details.length > 0 && (
            <ul className="confirm-details">
              {question.details.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
        <div className="row confirm-actions">
          <button type="button" ref={cancelRef} onClick={() => onAnswer(false)}>
            Cancel
          </button>
          <button type="button" className={question.isDanger ? 'danger' : 'primary'} onClick={() => onAnswer(true)}>
            {question.confirmLabel ?? 'OK'}
          </button>
        </div>
      </div>
    </div>
  );
}
