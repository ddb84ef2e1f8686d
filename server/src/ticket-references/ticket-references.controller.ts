import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { BACK_OFFICE_PERMISSION } from '@hotline/shared';
import { CurrentStaff, StaffOnly, type StaffIdentity } from '../backoffice';
import { idList, idString, isoDate } from '../common/ids';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodBody, ZodParams, ZodQuery } from '../common/validation';
import { TicketReferencesService } from './ticket-references.service';

const userQuery = z.object({ userId: idString.optional() });
const adminQuery = z.object({
  businessIds: idList.optional(),
  customerId: idString.optional(),
  userId: idString.optional(),
});
const detailQuery = z.object({ rowId: idString });
const salesQuery = z.object({
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  dateType: z.enum(['1', '2']).transform(Number).optional(),
  businessIds: idList.optional(),
  customerId: idString.optional(),
  rowId: idString.optional(),
});
const editParams = z.object({
  type: z.enum(['1', '2']).transform(Number),
  priceId: idString,
  // 0 adds a reference to the ticket; any other value is the row to change.
  rowId: z.union([z.literal('0').transform(() => 0), idString]),
});
const referenceText = z
  .string()
  .trim()
  .max(100)
  .refine((s) => !/\p{Cc}/u.test(s), 'must not contain control characters');
const editBody = z.object({
  reference: referenceText.pipe(z.string().min(1, 'is required')),
  reference2: referenceText.nullable().optional(),
  quantity: z.number().int().min(0).max(1_000_000),
});

/** Ticket-reference administration, the spec's calls under /api/pres-live (permission 269). */
@ApiTags('back office')
@Controller('pres-live')
@StaffOnly(BACK_OFFICE_PERMISSION.ticketReferences)
@RateLimit(RATE_LIMITS.boxOffice)
export class TicketReferencesController {
  constructor(private readonly refs: TicketReferencesService) {}

  @Get('getTicketRefAgents')
  @ApiOperation({ summary: 'The agents (organisations) whose ticket references you administer' })
  agents(@CurrentStaff() staff: StaffIdentity, @ZodQuery(userQuery) q: z.infer<typeof userQuery>) {
    return this.refs.agents(staff, q.userId);
  }

  @Get('monitors/TicketReferencePromptAdmin/data')
  @ApiOperation({ summary: 'Ticket-reference rows of your businesses with quantity, use and remaining' })
  rows(@CurrentStaff() staff: StaffIdentity, @ZodQuery(adminQuery) q: z.infer<typeof adminQuery>) {
    return this.refs.rows(staff, q);
  }

  @Get('monitors/TicketReferencePromptAdminDetail/data')
  @ApiOperation({ summary: 'One ticket-reference row and the history of its changes' })
  detail(@CurrentStaff() staff: StaffIdentity, @ZodQuery(detailQuery) q: z.infer<typeof detailQuery>) {
    return this.refs.detail(staff, q.rowId);
  }

  @Get('monitors/TicketReferencePromptAdminTicketSales/data')
  @ApiOperation({ summary: 'Tickets sold with a reference, by sale date (dateType 2, default) or show date (1)' })
  sales(@CurrentStaff() staff: StaffIdentity, @ZodQuery(salesQuery) q: z.infer<typeof salesQuery>) {
    return this.refs.sales(staff, q);
  }

  @Post('editReferencePromptOptionQuantity/1/:type/:priceId/:rowId')
  @HttpCode(200)
  @ApiOperation({ summary: "Sets a reference's quantity (rowId 0 adds a reference to a ticket); kept in its history" })
  edit(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(editParams) p: z.infer<typeof editParams>,
    @ZodBody(editBody) body: z.infer<typeof editBody>,
  ) {
    return this.refs.edit(staff, p, body);
  }
}
