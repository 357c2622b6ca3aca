import type { ReactNode } from 'react';
import { SandboxChip } from './SandboxChip';
import { StatusStrip } from './StatusStrip';

/** A signed-in screen's header: its title (the SANDBOX chip beside it), its actions, and the status strip below. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="page-title">
        <h1>{title}</h1>
        <SandboxChip />
      </div>
      <nav className="header-actions">{children}</nav>
      <StatusStrip />
    </header>
  );
}
