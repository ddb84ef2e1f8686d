import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { queueUrlOf } from '@hotline/shared';
import { queueStatus, storedTicket } from './queue-api';
import './i18n';

/**
 * On the order page of a presentation behind a waiting room, for a visitor not admitted yet: the
 * map stays visible (read-only in effect: the server refuses locks with QUEUE_REQUIRED), and this
 * says why and links to the queue. Renders nothing when there is no queue or the visitor is in.
 */
export function QueueNotice({ presentationId }: { presentationId: number }) {
  const { t } = useTranslation();
  const [queued, setQueued] = useState(false);

  useEffect(() => {
    let current = true;
    queueStatus(presentationId, storedTicket(presentationId)).then(
      (s) => {
        if (current) setQueued(s.state !== 'no-queue' && s.state !== 'admitted');
      },
      // A refused ticket (another browser's): the visitor is not in; the page says where to go.
      () => {
        if (current) setQueued(true);
      },
    );
    return () => {
      current = false;
    };
  }, [presentationId]);

  if (!queued) return null;
  return (
    <div className="notice" role="status" data-testid="queue-notice">
      <p>{t('queue.notice')}</p>
      <Link className="button button--primary" to={queueUrlOf(presentationId)}>
        {t('queue.joinLink')}
      </Link>
    </div>
  );
}
