import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_QUOTA_MAX, COUPON_CHANNELS, type AdminPresentation, type CouponChannel } from '@hotline/shared';
import { DateEditorForm } from './DateEditorForm';
import { Field, focusFirst, K, wholeNumber } from './event-ui';

const A = `${K}.channelAllocations`;

/**
 * "Channel allocations" for one date (draft or on sale): at most how many seats each sales channel may sell (empty:
 * no limit but the hall's), with what each has sold. Sales from now on are held to it; the server counts and refuses.
 * The first field takes the focus when it opens.
 */
export function ChannelAllocationsForm({
  presentation,
  when,
  busy,
  onSave,
  onClose,
}: {
  presentation: AdminPresentation;
  when: string;
  busy: boolean;
  onSave: (allocations: { channel: CouponChannel; seats: number }[]) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const byChannel = new Map(presentation.channelAllocations.map((a) => [a.channel, a]));
  const [values, setValues] = useState<Record<CouponChannel, string>>(
    () =>
      Object.fromEntries(
        COUPON_CHANNELS.map((c) => [c, byChannel.has(c) ? String(byChannel.get(c)!.seats) : '']),
      ) as Record<CouponChannel, string>,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const firstRef = useRef<HTMLInputElement>(null);
  const id = (channel: CouponChannel) => `bo-allocations-${presentation.id}-${channel}`;

  useEffect(() => firstRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const allocations: { channel: CouponChannel; seats: number }[] = [];
    for (const channel of COUPON_CHANNELS) {
      const text = values[channel].trim();
      if (text === '') continue;
      const seats = wholeNumber(text, 0, CHANNEL_QUOTA_MAX);
      if (seats === null) found[id(channel)] = t(`${A}.range`, { max: CHANNEL_QUOTA_MAX });
      else allocations.push({ channel, seats });
    }
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirst(COUPON_CHANNELS.map(id), found);
      return;
    }
    await onSave(allocations);
  };

  return (
    <DateEditorForm
      name="bo-allocations"
      presentationId={presentation.id}
      title={t(`${A}.title`, { date: when })}
      hint={t(`${A}.hint`)}
      saveLabel={t(`${A}.save`)}
      busy={busy}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <div className="bo-event-fields">
        {COUPON_CHANNELS.map((channel, index) => (
          <Field
            key={channel}
            id={id(channel)}
            label={t(`${A}.channel.${channel}`)}
            hint={
              byChannel.has(channel)
                ? t(`${A}.sold`, { sold: byChannel.get(channel)!.sold, seats: byChannel.get(channel)!.seats })
                : t(`${A}.unlimited`)
            }
            error={errors[id(channel)]}
          >
            {(aria) => (
              <input
                id={id(channel)}
                ref={index === 0 ? firstRef : undefined}
                type="number"
                inputMode="numeric"
                min={0}
                max={CHANNEL_QUOTA_MAX}
                value={values[channel]}
                onChange={(e) => setValues((v) => ({ ...v, [channel]: e.target.value }))}
                {...aria}
              />
            )}
          </Field>
        ))}
      </div>
    </DateEditorForm>
  );
}
