/** Placeholder until its screen is built. */
export function StrategiesTab() {
  return (
    <section className="card">
      <h2 className="tab-title">RDX Strategy Management</h2>
    </section>
  );
}
