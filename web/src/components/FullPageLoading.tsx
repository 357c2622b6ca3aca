export function FullPageLoading() {
  return (
    <div className="full-page-loading" role="status">
      Loading...
    </div>
  );
}
