import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { HoldHolders } from '@hotline/shared';

/**
 * Catalogue tables. Money columns are integer agorot. Names are stored in Hebrew
 * (`name`) and English (`name_en`); Russian and Arabic in `translations`
 * (`{ ru: { name, … }, ar: { … } }`), shown in English where a text has none.
 */
export type CatalogueTranslations = { ru?: Record<string, string>; ar?: Record<string, string> };
@Entity({ name: 'location' })
export class LocationEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'business_id', type: 'int' }) businessId: number;
  @Column({ type: 'varchar', unique: true }) code: string;
  @Column({ type: 'varchar' }) name: string;
  @Column({ name: 'name_en', type: 'varchar' }) nameEn: string;
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" }) translations: CatalogueTranslations;
}

@Entity({ name: 'feature' })
export class FeatureEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar' }) name: string;
  @Column({ name: 'name_en', type: 'varchar' }) nameEn: string;
  @Column({ name: 'feature_category_id', type: 'int' }) featureCategoryId: number;
  @Column({ name: 'category_name', type: 'varchar' }) categoryName: string;
  @Column({ name: 'category_name_en', type: 'varchar' }) categoryNameEn: string;
  @Column({ type: 'text', default: '' }) description: string;
  @Column({ name: 'description_en', type: 'text', default: '' }) descriptionEn: string;
  @Column({ name: 'duration_minutes', type: 'int', default: 120 }) durationMinutes: number;
  /** Two colours for the generated placeholder poster. */
  @Column({ name: 'poster_colors', type: 'varchar', default: '#1d3557,#e63946' }) posterColors: string;
  /** The uploaded image's content-hash name (`<sha256>.webp`, served by the media context); null: the placeholder. */
  @Column({ name: 'image_name', type: 'varchar', nullable: true }) imageName: string | null;
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" }) translations: CatalogueTranslations;
  /** The business whose staff may edit it. */
  @Column({ name: 'business_id', type: 'int' }) businessId: number;
  /** The youngest age admitted; null for all ages. */
  @Column({ name: 'age_limit', type: 'int', nullable: true }) ageLimit: number | null;
  @Column({ type: 'int', default: 1 }) revision: number;
  /** Shown to buyers from then on (when its first date is published); null while the back office prepares it. */
  @Column({ name: 'published_at', type: 'timestamptz', nullable: true }) publishedAt: Date | null;
}

@Entity({ name: 'venue' })
export class VenueEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'location_id', type: 'int' }) locationId: number;
  @Column({ type: 'varchar', unique: true }) code: string;
  @Column({ type: 'varchar' }) name: string;
  @Column({ name: 'name_en', type: 'varchar' }) nameEn: string;
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" }) translations: CatalogueTranslations;
}

@Entity({ name: 'seatplan' })
export class SeatplanEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'venue_id', type: 'int' }) venueId: number;
  @Column({ type: 'varchar' }) code: string;
  @Column({ type: 'varchar' }) name: string;
  @Column({ name: 'name_en', type: 'varchar' }) nameEn: string;
  @Column({ type: 'real' }) width: number;
  @Column({ type: 'real' }) height: number;
  @Column({ type: 'jsonb', nullable: true }) stage: unknown;
  /** Shapes and texts drawn under the seats (ApiSeatplan.Decor); null: none. */
  @Column({ type: 'jsonb', nullable: true }) decor: unknown;
  @Column({ name: 'focal_point', type: 'jsonb', nullable: true }) focalPoint: { x: number; y: number } | null;
  @Column({ name: 'seat_count', type: 'int', default: 0 }) seatCount: number;
  /** Null while a draft: the storefront reads published versions only (a draft's seats are in its document). */
  @Column({ name: 'published_at', type: 'timestamptz', nullable: true }) publishedAt: Date | null;
}

@Entity({ name: 'zone' })
export class ZoneEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'seatplan_id', type: 'int' }) seatplanId: number;
  @Column({ type: 'varchar' }) code: string;
  @Column({ type: 'varchar' }) name: string;
  @Column({ name: 'name_en', type: 'varchar' }) nameEn: string;
  @Column({ type: 'varchar' }) color: string;
}

@Entity({ name: 'section' })
export class SectionEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'seatplan_id', type: 'int' }) seatplanId: number;
  @Column({ type: 'varchar' }) code: string;
  @Column({ type: 'varchar' }) name: string;
  @Column({ name: 'name_en', type: 'varchar' }) nameEn: string;
  @Column({ name: 'is_reserved', type: 'boolean' }) isReserved: boolean;
  /** General-admission capacity; null for reserved sections. */
  @Column({ type: 'int', nullable: true }) capacity: number | null;
  /** Price zone of a general-admission section (reserved sections have zones per seat). */
  @Column({ name: 'zone_id', type: 'int', nullable: true }) zoneId: number | null;
  @Column({ type: 'real' }) x: number;
  @Column({ type: 'real' }) y: number;
  @Column({ type: 'real' }) width: number;
  @Column({ type: 'real' }) height: number;
  @Column({ type: 'real', default: 0 }) rotate: number;
  @Column({ type: 'jsonb', nullable: true }) outline: [number, number][] | null;
  @Column({ name: 'sort_order', type: 'int', default: 0 }) sortOrder: number;
  /** Russian and Arabic section names, like the catalogue rows' `translations`. */
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" }) translations: CatalogueTranslations;
}

@Entity({ name: 'seat_group' })
export class SeatGroupEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'section_id', type: 'int' }) sectionId: number;
  @Column({ type: 'varchar' }) code: string;
  @Column({ type: 'varchar' }) name: string;
  @Column({ name: 'sort_order', type: 'int', default: 0 }) sortOrder: number;
}

@Entity({ name: 'seat' })
@Index('seat_section_xy', ['sectionId', 'x', 'y'], { unique: true })
export class SeatEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'seatplan_id', type: 'int' }) seatplanId: number;
  @Column({ name: 'section_id', type: 'int' }) sectionId: number;
  @Column({ name: 'group_id', type: 'int' }) groupId: number;
  @Column({ type: 'int' }) x: number;
  @Column({ type: 'int' }) y: number;
  @Column({ name: 'row_name', type: 'varchar' }) rowName: string;
  @Column({ name: 'seat_name', type: 'varchar' }) seatName: string;
  @Column({ name: 'row_order', type: 'int' }) rowOrder: number;
  @Column({ name: 'x_offset_percent', type: 'real' }) xOffsetPercent: number;
  @Column({ name: 'y_offset_percent', type: 'real' }) yOffsetPercent: number;
  @Column({ name: 'width_percent', type: 'real' }) widthPercent: number;
  @Column({ name: 'height_percent', type: 'real' }) heightPercent: number;
  @Column({ type: 'real', default: 0 }) rotate: number;
  @Column({ name: 'plan_x', type: 'real' }) planX: number;
  @Column({ name: 'plan_y', type: 'real' }) planY: number;
  @Column({ name: 'zone_id', type: 'int' }) zoneId: number;
  @Column({ type: 'smallint', array: true, default: () => "'{}'" }) features: number[];
  @Column({ name: 'together_id', type: 'int', nullable: true }) togetherId: number | null;
}

@Entity({ name: 'presentation' })
export class PresentationEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'feature_id', type: 'int' }) featureId: number;
  @Column({ name: 'location_id', type: 'int' }) locationId: number;
  @Column({ name: 'venue_id', type: 'int' }) venueId: number;
  @Column({ name: 'seatplan_id', type: 'int' }) seatplanId: number;
  @Column({ name: 'business_id', type: 'int' }) businessId: number;
  @Column({ name: 'auth_profile_id', type: 'int', default: 1 }) authProfileId: number;
  /** Stored in UTC; shown in Asia/Jerusalem. */
  @Column({ name: 'date_time', type: 'timestamptz' }) dateTime: Date;
  @Column({ name: 'venue_type_id', type: 'int', default: 1 }) venueTypeId: number;
  @Column({ name: 'seating_policy_id', type: 'int', default: 1 }) seatingPolicyId: number;
  @Column({ name: 'is_reserved', type: 'boolean', default: true }) isReserved: boolean;
  @Column({ type: 'boolean', default: false }) soldout: boolean;
  @Column({ name: 'max_seats_per_order', type: 'int', default: 10 }) maxSeatsPerOrder: number;
  /** When true a selection may not leave a single empty seat between taken seats. */
  @Column({ name: 'no_single_seat_gap', type: 'boolean', default: false }) noSingleSeatGap: boolean;
  @Column({ type: 'int', default: 1 }) revision: number;
  /** On sale from then on; null: a draft, invisible to buyers and refused by the seat engine. */
  @Column({ name: 'published_at', type: 'timestamptz', nullable: true }) publishedAt: Date | null;
  /** The sale window (shared sale-window rule): null on a side means no limit there. */
  @Column({ name: 'sales_open_at', type: 'timestamptz', nullable: true }) salesOpenAt: Date | null;
  @Column({ name: 'sales_close_at', type: 'timestamptz', nullable: true }) salesCloseAt: Date | null;
  /** The hold policy (shared holdPolicyOutcome): may hold orders take its seats, released how long before the start. */
  @Column({ name: 'holds_allowed', type: 'boolean', default: true }) holdsAllowed: boolean;
  @Column({ name: 'hold_release_minutes', type: 'int', default: 30 }) holdReleaseMinutes: number;
  @Column({ name: 'hold_max_minutes', type: 'int', nullable: true }) holdMaxMinutes: number | null;
  /** Who may place a hold (shared hold-holders.ts): members, any signed-in customer, or only the box office. */
  @Column({ name: 'hold_holders', type: 'text', default: 'members' }) holdHolders: HoldHolders;
}

@Entity({ name: 'ticket_group' })
export class TicketGroupEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'presentation_id', type: 'int' }) presentationId: number;
  @Column({ name: 'zone_id', type: 'int' }) zoneId: number;
  @Column({ type: 'varchar' }) name: string;
  @Column({ name: 'name_en', type: 'varchar' }) nameEn: string;
  @Column({ type: 'varchar' }) color: string;
  @Column({ name: 'is_by_code_enabled', type: 'boolean', default: false }) isByCodeEnabled: boolean;
  @Column({ name: 'sort_order', type: 'int', default: 0 }) sortOrder: number;
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" }) translations: CatalogueTranslations;
}

@Entity({ name: 'ticket' })
export class TicketEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'ticket_group_id', type: 'int' }) ticketGroupId: number;
  @Column({ type: 'varchar' }) name: string;
  @Column({ name: 'name_en', type: 'varchar' }) nameEn: string;
  /** Agorot. */
  @Column({ type: 'int' }) price: number;
  @Column({ name: 'old_price', type: 'int', nullable: true }) oldPrice: number | null;
  @Column({ name: 'service_charge', type: 'int', default: 0 }) serviceCharge: number;
  @Column({ name: 'price_policy_id', type: 'int', default: 1 }) pricePolicyId: number;
  /** Tickets with a code are only handed out by code (coupons, voucher tickets). */
  @Column({ type: 'varchar', nullable: true }) code: string | null;
  @Column({ name: 'multiply_factor', type: 'int', default: 1 }) multiplyFactor: number;
  @Column({ name: 'is_voucher', type: 'boolean', default: false }) isVoucher: boolean;
  /** For coupons: how many times the code may be used (times multiplyFactor seats). */
  @Column({ type: 'int', nullable: true }) balance: number | null;
  @Column({ name: 'sort_order', type: 'int', default: 0 }) sortOrder: number;
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" }) translations: CatalogueTranslations;
  /** Ticket prompts (docs/back-office.md "Ticket references"): null = the ticket asks for no reference. */
  @Column({ name: 'ref1_prompt', type: 'varchar', nullable: true }) ref1Prompt: string | null;
  @Column({ name: 'ref1_prompt_en', type: 'varchar', nullable: true }) ref1PromptEn: string | null;
  @Column({ name: 'ref2_prompt', type: 'varchar', nullable: true }) ref2Prompt: string | null;
  @Column({ name: 'ref2_prompt_en', type: 'varchar', nullable: true }) ref2PromptEn: string | null;
  /** The age band the ticket is for (waiver events: "the voucher must fit the jumper's age"); null bounds are open. */
  @Column({ name: 'min_age', type: 'int', nullable: true }) minAge: number | null;
  @Column({ name: 'max_age', type: 'int', nullable: true }) maxAge: number | null;
}

@Entity({ name: 'product' })
export class ProductEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'location_id', type: 'int', nullable: true }) locationId: number | null;
  @Column({ type: 'varchar' }) name: string;
  @Column({ name: 'name_en', type: 'varchar' }) nameEn: string;
  @Column({ type: 'int' }) price: number;
  @Column({ type: 'varchar', default: '🍿' }) emoji: string;
  @Column({ type: 'varchar', default: '#f4a261' }) color: string;
  @Column({ name: 'is_delivery_required', type: 'boolean', default: false }) isDeliveryRequired: boolean;
  @Column({ name: 'sort_order', type: 'int', default: 0 }) sortOrder: number;
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" }) translations: CatalogueTranslations;
  /** Buyers see and buy it only while active (the back office switches it off; sold lines keep it). */
  @Column({ type: 'boolean', default: true }) active: boolean;
  /** Sold only with this event's dates; null: with every date at its location. */
  @Column({ name: 'feature_id', type: 'int', nullable: true }) featureId: number | null;
  /** Sold only with this date (of `featureId`); null: with every date of the event (or at the location). */
  @Column({ name: 'presentation_id', type: 'int', nullable: true }) presentationId: number | null;
  /** How many may be sold in all (null: no stock) and the most one order may take (null: no limit). */
  @Column({ type: 'int', nullable: true }) stock: number | null;
  @Column({ name: 'per_order', type: 'int', nullable: true }) perOrder: number | null;
  @Column({ type: 'int', default: 1 }) revision: number;
}
