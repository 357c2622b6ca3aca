/** Placeholder until its screen is built. */
export function SchedulingTab() {
  return (
    <section className="card">
      <h2 className="tab-title">scheduling</h2>
    </section>
  );
}
