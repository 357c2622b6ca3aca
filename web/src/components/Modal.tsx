import { useEffect, useId, type ReactNode } from 'react';

/** A dialog over the page (90% wide, 600px max, or 960px when `isWide`): titled, closed by its × button or Escape. */
export function Modal({
  title,
  onClose,
  children,
  isWide = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  isWide?: boolean;
}) {
  const titleId = useId();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="modal-backdrop">
      <div
        className={isWide ? 'modal modal-wide card' : 'modal card'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="link modal-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
