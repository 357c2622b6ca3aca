/** Placeholder until its screen is built. */
export function InstrumentsTab() {
  return (
    <section className="card">
      <h2 className="tab-title">instruments</h2>
    </section>
  );
}
