/**
 * Where a video-on-demand stream's bytes come from. A real deployment binds a
 * video platform (signed CDN URLs, DRM); the built-in SimulatedStreamingSource
 * serves one small demo clip for every VOD event and says so.
 */
export interface StreamMedia {
  contentType: string;
  size: number;
  /** Bytes start..end inclusive (HTTP Range semantics). */
  slice(start: number, end: number): Buffer;
}

export abstract class StreamingSource {
  /** True for a simulation: the player says the stream is a demo. */
  abstract readonly isSimulation: boolean;
  /** The media of one VOD event (presentation id), or null when the source has none. */
  abstract media(vodId: number): Promise<StreamMedia | null>;
}
