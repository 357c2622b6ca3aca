import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from './Modal';
import { ConfirmProvider, useConfirm, type ConfirmQuestion } from './ConfirmDialog';

function Asker({ question, onAnswer }: { question: ConfirmQuestion; onAnswer: (yes: boolean) => void }) {
  const confirm = useConfirm();
  return (
    <button type="button" onClick={() => void confirm(question).then(onAnswer)}>
      Act
    </button>
  );
}

function renderAsker(question: ConfirmQuestion) {
  const answers: boolean[] = [];
  render(
    <ConfirmProvider>
      <Asker question={question} onAnswer={(yes) => answers.push(yes)} />
    </ConfirmProvider>,
  );
  return answers;
}

describe('ConfirmDialog', () => {
  afterEach(cleanup);

  it('shows the question with its specifics and answers yes only on the confirming button', async () => {
    const answers = renderAsker({
      title: 'Start LIVE trading?',
      details: ['Account: AB1234', 'Lots: 2'],
      confirmLabel: 'Start LIVE',
      isDanger: true,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Act' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Start LIVE trading?' });
    expect(dialog.textContent).toContain('Account: AB1234');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBe(document.activeElement);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start LIVE' }));
      await Promise.resolve();
    });
    expect(answers).toEqual([true]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('answers no on Cancel and on Escape', async () => {
    const answers = renderAsker({ title: 'Delete?' });
    fireEvent.click(screen.getByRole('button', { name: 'Act' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      await Promise.resolve();
    });
    fireEvent.click(screen.getByRole('button', { name: 'Act' }));
    await act(async () => {
      fireEvent.keyDown(window, { key: 'Escape' });
      await Promise.resolve();
    });
    expect(answers).toEqual([false, false]);
  });

  it('asks once on a double click: the second ask is answered no at once', async () => {
    const answers = renderAsker({ title: 'Engage the kill switch?' });
    const act1 = screen.getByRole('button', { name: 'Act' });
    fireEvent.click(act1);
    await act(async () => {
      fireEvent.click(act1);
      await Promise.resolve();
    });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(answers).toEqual([false]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'OK' }));
      await Promise.resolve();
    });
    expect(answers).toEqual([false, true]);
  });

  it('Escape answers the confirm only: the modal it was opened from stays open', async () => {
    const closed: string[] = [];
    const answers: boolean[] = [];
    render(
      <ConfirmProvider>
        <Modal title="RDX Configuration" onClose={() => closed.push('modal')}>
          <Asker question={{ title: 'Delete this configuration?' }} onAnswer={(yes) => answers.push(yes)} />
        </Modal>
      </ConfirmProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Act' }));
    await act(async () => {
      fireEvent.keyDown(window, { key: 'Escape' });
      await Promise.resolve();
    });
    expect(answers).toEqual([false]);
    expect(closed).toEqual([]);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(closed).toEqual(['modal']);
  });
});
