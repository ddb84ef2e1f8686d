import { Injectable } from '@nestjs/common';
import { waiverAgeRefusals, type CartWaiver } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { WaiversRepository } from './waivers.repository';

/** A signed waiver ready for the sale statement. */
export interface SaleWaiver {
  presentationId: number;
  participants: { name: string; dateOfBirth: string }[];
  /** The PNG, base64 (without the data: prefix). */
  signatureBase64: string;
  terms: string;
}

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Before anything is charged: every event in the order that needs a waiver has one,
 * signed (a real PNG), terms accepted, one participant per seat there, each fitting
 * the age band of the ticket on that seat (shared waiverAgeRefusals). A waiver for
 * an event that needs none, or that is not in the order, is refused as invalid.
 */
@Injectable()
export class WaiverCheck {
  constructor(private readonly waivers: WaiversRepository) {}

  async check(
    seats: readonly { presentationId: number; ticketId: number }[],
    given: readonly CartWaiver[] | undefined,
    noneRequired = false,
  ): Promise<SaleWaiver[]> {
    const presentationIds = [...new Set(seats.map((s) => s.presentationId))];
    // `noneRequired`: the caller read with its tickets that no event of the order needs a waiver (the plain order's
    // case), so nothing is asked; a waiver given anyway is still refused below.
    const [required, bands] = noneRequired
      ? [[], []]
      : await Promise.all([
          this.waivers.requirements(presentationIds),
          this.waivers.bands([...new Set(seats.map((s) => s.ticketId))]),
        ]);
    const bandOf = new Map(bands.map((b) => [b.id, b]));
    const byPresentation = new Map((given ?? []).map((w) => [w.presentationId, w]));
    const invalid = (details: string) => new AppError('WAIVER_INVALID', { details });
    for (const w of given ?? []) {
      if (!required.some((r) => r.presentationId === w.presentationId))
        throw invalid(`no waiver is needed for event ${w.presentationId}`);
    }
    return required.map((r) => {
      const w = byPresentation.get(r.presentationId);
      if (!w) throw new AppError('WAIVER_REQUIRED');
      if (!w.acceptedTerms) throw invalid('the terms were not accepted');
      const png = PNG_DATA_URL.exec(w.signature);
      const bytes = png ? Buffer.from(png[1]!, 'base64') : null;
      if (!bytes || bytes.length < 100 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) throw invalid('no signature');
      const here = seats.filter((s) => s.presentationId === r.presentationId);
      if (w.participants.length !== here.length)
        throw invalid(`${here.length} participants are needed, one for each ticket`);
      const refusals = waiverAgeRefusals(
        w.participants,
        here.map((s) => bandOf.get(s.ticketId) ?? { minAge: null, maxAge: null }),
        r.eventDate,
      );
      const first = refusals[0];
      if (first) {
        const name = w.participants[first.index]!.name;
        if (first.code === 'WAIVER_BIRTH_DATE_INVALID') throw new AppError(first.code, { name });
        throw new AppError(first.code, { name, age: first.age });
      }
      return {
        presentationId: r.presentationId,
        participants: w.participants.map((p) => ({ name: p.name, dateOfBirth: p.dateOfBirth })),
        signatureBase64: png![1]!,
        terms: r.terms,
      };
    });
  }
}
