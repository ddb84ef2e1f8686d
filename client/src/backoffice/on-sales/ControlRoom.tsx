import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnSaleControlRoom } from '@hotline/shared';
import { useLocale } from '../../hooks/useLocale';
import { pickText } from '../../lib/localized';
import { usePolled } from '../admin-ui/use-polled';
import { onSalesApi } from './on-sales-api';

const K = 'backOffice.onSales.controlRoom';
/** The page polls (docs/operations.md, "Control room"): a few organisers, and a poll needs no socket state. */
const POLL_MS = 2_000;

interface Props {
  presentationId: number;
  /** The presentation's name and time, for the heading. */
  label: string;
  onClose: () => void;
}

/**
 * One on-sale as it happens (permission 290): the line, admissions, shoppers, seats and sales, read every two
 * seconds. Only the line and the seats left are announced (politely) when they change; the rest changes silently,
 * so a screen reader is not told every figure every two seconds.
 */
export function ControlRoom({ presentationId, label, onClose }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  // Read again only after the last read answered: a slow server is never asked twice at once.
  const polled = usePolled(presentationId, (id) => onSalesApi.controlRoom(id), POLL_MS);
  const room: OnSaleControlRoom | null = polled.valueKey === presentationId ? polled.value : null;
  const failed = polled.failed;
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, [presentationId]);

  const n = (value: number) => new Intl.NumberFormat(locale).format(value);
  const time = (iso: string) =>
    new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(iso));

  const tile = (id: string, title: string, value: number, detail?: string, live = false) => (
    <div className="bo-cr-tile" data-testid={`bo-cr-${id}`}>
      <h4>{title}</h4>
      <p className="bo-cr-number" {...(live ? { 'aria-live': 'polite' as const, 'aria-atomic': true } : {})}>
        <span className="visually-hidden">{title}: </span>
        <span data-testid={`bo-cr-${id}-value`}>{n(value)}</span>
      </p>
      {detail && <p className="bo-hint">{detail}</p>}
    </div>
  );

  return (
    <section className="bo-card bo-control-room" aria-labelledby="bo-cr-title" data-testid="bo-control-room">
      <div className="bo-card-head">
        <h2 id="bo-cr-title" ref={heading} tabIndex={-1}>
          {t(`${K}.title`, { show: label })}
        </h2>
        <button type="button" className="button" onClick={onClose}>
          {t(`${K}.close`)}
        </button>
      </div>
      <p className="bo-hint">
        {t(`${K}.refreshHint`)}
        {room && (
          <>
            {' '}
            <time dateTime={room.readAt} data-testid="bo-cr-read-at">
              {t(`${K}.readAt`, { time: time(room.readAt) })}
            </time>
          </>
        )}
      </p>
      {failed && room && (
        <p className="notice notice--error" role="status">
          {t(`${K}.stale`, { time: time(room.readAt) })}
        </p>
      )}
      {!room &&
        (failed ? <p role="alert">{t('backOffice.onSales.failed')}</p> : <p role="status">{t(`${K}.loading`)}</p>)}
      {room && (
        <>
          <h3 className="bo-cr-group">{t(`${K}.queueHeading`)}</h3>
          {!room.queue.enabled && <p>{t(`${K}.queueOff`)}</p>}
          <div className="bo-cr-grid">
            {tile('in-line', t(`${K}.inLine`), room.queue.inLine, undefined, true)}
            {tile(
              'admitted',
              t(`${K}.admittedLastMinute`),
              room.queue.admittedLastMinute,
              `${t(`${K}.admitRate`, { rate: n(room.queue.admitPerMinute) })} · ${t(`${K}.admittedTotal`, {
                n: n(room.queue.admittedTotal),
              })}`,
            )}
            {tile(
              'shoppers',
              t(`${K}.activeShoppers`),
              room.queue.activeShoppers,
              t(`${K}.ofMax`, { max: n(room.queue.maxActive) }),
            )}
          </div>
          <h3 className="bo-cr-group">{t(`${K}.salesHeading`)}</h3>
          <div className="bo-cr-grid">
            {tile(
              'left',
              t(`${K}.left`),
              room.seats.left,
              t(`${K}.ofCapacity`, { capacity: n(room.seats.capacity) }),
              true,
            )}
            {tile('sold', t(`${K}.sold`), room.seats.sold)}
            {tile('held', t(`${K}.held`), room.seats.held)}
            {tile('sold-minute', t(`${K}.soldLastMinute`), room.ticketsSoldLastMinute)}
            {tile('payment-failures', t(`${K}.paymentFailures`), room.paymentFailuresLast10Minutes)}
          </div>
          {room.zones.length > 0 && (
            <div className="bo-table-wrap" role="region" aria-labelledby="bo-cr-zones-caption" tabIndex={0}>
              <table className="bo-table bo-cr-zones" data-testid="bo-cr-zones">
                <caption id="bo-cr-zones-caption">{t(`${K}.zonesCaption`)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t(`${K}.zone`)}</th>
                    <th scope="col">{t(`${K}.left`)}</th>
                    <th scope="col">{t(`${K}.sold`)}</th>
                    <th scope="col">{t(`${K}.held`)}</th>
                    <th scope="col">{t(`${K}.capacityColumn`)}</th>
                  </tr>
                </thead>
                <tbody>
                  {room.zones.map((z) => (
                    <tr key={z.zoneId ?? 'none'}>
                      <th scope="row">
                        {z.color && (
                          <span className="bo-cr-swatch" style={{ background: z.color }} aria-hidden="true" />
                        )}
                        {z.name !== null ? pickText(locale, z.name, z.nameEn ?? '') : t(`${K}.noZone`)}
                      </th>
                      <td>{n(z.left)}</td>
                      <td>{n(z.sold)}</td>
                      <td>{n(z.held)}</td>
                      <td>{n(z.capacity)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="bo-table-wrap" role="region" aria-labelledby="bo-cr-refusals-caption" tabIndex={0}>
            <table className="bo-table bo-cr-zones" data-testid="bo-cr-refusals">
              <caption id="bo-cr-refusals-caption">{t(`${K}.refusalsCaption`)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t(`${K}.refusalWhere`)}</th>
                  <th scope="col">{t(`${K}.refusalWhy`)}</th>
                  <th scope="col">{t(`${K}.refusalCount`)}</th>
                </tr>
              </thead>
              <tbody>
                {room.refusalsLast10Minutes.length === 0 && (
                  <tr>
                    <td colSpan={3}>{t(`${K}.noRefusals`)}</td>
                  </tr>
                )}
                {room.refusalsLast10Minutes.map((r) => (
                  <tr key={`${r.kind}:${r.reason}`}>
                    <th scope="row">{t(`${K}.refusalKinds.${r.kind}`)}</th>
                    <td>
                      {/* A reason is a server error code: its own words where we have them, the code otherwise. */}
                      {t(`${K}.reasons.${r.reason}`, { defaultValue: '' }) || <code translate="no">{r.reason}</code>}
                    </td>
                    <td>{n(r.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="bo-table-wrap" role="region" aria-labelledby="bo-cr-nodes-caption" tabIndex={0}>
            <table className="bo-table bo-cr-zones" data-testid="bo-cr-nodes">
              <caption id="bo-cr-nodes-caption">{t(`${K}.nodesCaption`)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t(`${K}.node`)}</th>
                  <th scope="col">{t(`${K}.nodeState`)}</th>
                  <th scope="col">{t(`${K}.nodeBeat`)}</th>
                  <th scope="col">{t(`${K}.nodeLag`)}</th>
                  <th scope="col">{t(`${K}.nodeVersion`)}</th>
                </tr>
              </thead>
              <tbody>
                {room.nodes.map((node) => (
                  <tr key={node.nodeId} data-silent={node.silent}>
                    <th scope="row">
                      <bdi translate="no">{node.nodeId}</bdi>
                    </th>
                    <td>{node.silent ? t(`${K}.nodeSilent`) : t(`${K}.nodeUp`)}</td>
                    <td>{time(node.heartbeatAt)}</td>
                    <td>{t(`${K}.ms`, { ms: n(node.eventLoopLagP99Ms) })}</td>
                    <td>
                      <bdi translate="no">{node.version}</bdi>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
