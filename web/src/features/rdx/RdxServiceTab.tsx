/** Placeholder until its screen is built. */
export function RdxServiceTab() {
  return (
    <section className="card">
      <h2 className="tab-title">rdx</h2>
    </section>
  );
}
