/** Placeholder until its screen is built. */
export function BrokersTab() {
  return (
    <section className="card">
      <h2 className="tab-title">brokers</h2>
    </section>
  );
}
