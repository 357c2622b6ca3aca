/** Placeholder until its screen is built: Active Strategies, then Recent Transactions. */
export function HomeView() {
  return (
    <div className="stack">
      <section className="card">
        <h2>Active Strategies</h2>
      </section>
      <section className="card">
        <h2>Recent Transactions</h2>
      </section>
    </div>
  );
}
