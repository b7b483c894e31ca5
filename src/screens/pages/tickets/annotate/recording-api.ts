import { api } from '../../../../providers/http';

/** One topic of the recording as parsed: its first and last message (ISO), and its message counts along the recording's span. */
export interface RecordingTopic {
  topic: string;
  messageType: string;
  messageCount: number;
  frequencyHz: number;
  start: string | null;
  end: string | null;
  /** Message counts in equal slices of the whole recording's span (not the topic's); absent from recordings parsed before it was counted. */
  density?: number[];
}

/** An item's recording for its timeline: span, the item's clip (seconds from the start, or none) and topics. */
export interface Recording {
  bagId: number;
  bagName: string;
  robotType: string;
  start: string;
  end: string;
  durationSeconds: number;
  clipStart: number | null;
  clipEnd: number | null;
  topics: RecordingTopic[];
}

/** The one call the annotating page needs beside tickets-api: the item's recording, readable where the raw-data list is not (an annotator). */
export const recordingApi = {
  get: (itemId: number) => api.get<Recording>(`/data/ticket-item/${itemId}/recording`),
};
