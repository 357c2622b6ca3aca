import { MSG } from '@app/contract';
import { useRdxServiceStatus } from './rdx-service-query';
import './rdx-service.css';

/**
 * The banner a trader sees while the RDX service is stopped: strategies will not trade. Nothing is
 * shown while the status is unknown (loading or unreadable), so a failed read never cries wolf.
 */
export function RdxServiceBanner() {
  const status = useRdxServiceStatus();
  if (status.data?.isRunning !== false) return null;
  return (
    <div className="rdx-service-banner" role="status" data-testid="rdx-service-banner">
      {MSG.rdxServiceStoppedBanner}
    </div>
  );
}
