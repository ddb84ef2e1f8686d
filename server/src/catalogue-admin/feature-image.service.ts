import { Injectable } from '@nestjs/common';
import { checkImageUpload, isImageRefusal, type AdminFeature } from '@hotline/shared';
import { AuditLogRepository, type StaffIdentity } from '../backoffice';
import { AppError } from '../common/app-error';
import { MediaStore } from '../media';
import { auditChange } from './admin-scope';
import { StaleRevisionError } from './catalogue-admin.errors';
import { EventAdminRepository } from './event-admin.repository';
import { EventAdminService } from './event-admin.service';

const TYPE_NAME: Record<string, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP' };

/**
 * An event's image, uploaded (or removed) by staff with the catalogue permission within their business: checked by its bytes
 * (shared `checkImageUpload`), stored by content hash behind the media port, then named on the feature with the
 * revision the staff member saw. Every refusal comes before anything is stored or changed.
 */
@Injectable()
export class FeatureImageService {
  constructor(
    private readonly events: EventAdminService,
    private readonly repository: EventAdminRepository,
    private readonly media: MediaStore,
    private readonly audit: AuditLogRepository,
  ) {}

  async upload(
    staff: StaffIdentity,
    featureId: number,
    revision: number,
    body: unknown,
    declaredType: string,
  ): Promise<AdminFeature> {
    // Not found, another business: 404 / 403 before the file is looked at.
    const before = await this.events.feature(staff, featureId);
    if (before.revision !== revision) throw new StaleRevisionError(before);
    // Only the image parser gives bytes; JSON or text sent here never reached it.
    if (!Buffer.isBuffer(body)) throw new AppError('IMAGE_TYPE_NOT_ALLOWED');
    const checked = checkImageUpload(body, declaredType);
    if (isImageRefusal(checked)) {
      const { code, ...params } = checked;
      const named = 'actual' in checked ? { actual: TYPE_NAME[checked.actual], declared: checked.declared } : {};
      const max = 'max' in checked && code === 'IMAGE_TOO_LARGE' ? { max: checked.max / (1024 * 1024) } : {};
      throw new AppError(code, { ...params, ...named, ...max });
    }
    const stored = await this.media.put(body, checked.type, checked);
    // A change that raced the check above: the stored bytes are kept (content-addressed, harmless), nothing is named.
    if (!(await this.repository.setFeatureImage(featureId, revision, stored.name)))
      throw new StaleRevisionError(await this.events.feature(staff, featureId));
    const after = (await this.repository.feature(featureId))!;
    await auditChange(this.audit, staff, {
      action: 'feature-image',
      businessId: after.businessId,
      subject: `feature:${featureId}`,
      detail: {
        before: before.image,
        after: after.image,
        type: checked.type,
        width: checked.width,
        height: checked.height,
        bytes: stored.bytes,
      },
    });
    return after;
  }

  /**
   * The event's image taken away: buyers see the generated placeholder again. The stored bytes stay (content-addressed:
   * another event, or an earlier revision in the audit log, may name them). Removing when there is none changes nothing.
   */
  async remove(staff: StaffIdentity, featureId: number, revision: number): Promise<AdminFeature> {
    const before = await this.events.feature(staff, featureId);
    if (before.revision !== revision) throw new StaleRevisionError(before);
    if (before.image === null) return before;
    if (!(await this.repository.setFeatureImage(featureId, revision, null)))
      throw new StaleRevisionError(await this.events.feature(staff, featureId));
    const after = (await this.repository.feature(featureId))!;
    await auditChange(this.audit, staff, {
      action: 'feature-image-remove',
      businessId: after.businessId,
      subject: `feature:${featureId}`,
      detail: { before: before.image, after: null },
    });
    return after;
  }
}
