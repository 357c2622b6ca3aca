import type { ReactNode } from 'react';
import { SandboxChip } from './SandboxChip';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="page-title">
        <h1>{title}</h1>
        <SandboxChip />
      </div>
      <nav className="header-actions">{children}</nav>
    </header>
  );
}
