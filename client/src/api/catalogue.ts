import type { ApiFeature, FeaturesResponse, PresentationResponse, PresentationsResponse } from '@hotline/shared';
import { api, buildUrl } from './client';
import { takeEarlyAnswer } from './early-answers';

/** GET /api/features/ (optionally some ids). */
export async function getFeatures(
  params: { featureIds?: readonly number[] } = {},
  signal?: AbortSignal,
): Promise<ApiFeature[]> {
  const data = await api.get<FeaturesResponse>(
    '/features/',
    { featureIds: params.featureIds?.length ? params.featureIds : undefined },
    signal,
  );
  return data.features;
}

/** GET /api/presentations/?featureIds=… — upcoming presentations of these features. */
export function getPresentations(featureIds: readonly number[], signal?: AbortSignal): Promise<PresentationsResponse> {
  return api.get<PresentationsResponse>('/presentations/', { featureIds }, signal);
}

/** GET /api/presentations/:id */
export async function getPresentation(id: number, signal?: AbortSignal): Promise<PresentationResponse['presentation']> {
  const path = `/presentations/${encodeURIComponent(String(id))}`;
  // The order page's entry may have asked already (order/early-requests.ts).
  const data = await (takeEarlyAnswer<PresentationResponse>(buildUrl(path), signal) ??
    api.get<PresentationResponse>(path, {}, signal));
  return data.presentation;
}
