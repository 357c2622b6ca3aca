/** Placeholder until its screen is built. */
export function DataTab() {
  return (
    <section className="card">
      <h2 className="tab-title">data</h2>
    </section>
  );
}
