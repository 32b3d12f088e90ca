import { createContext, useContext } from 'react';
import type { BuilderIssue } from './issues.ts';
import { pathKey, type ModelPath } from './issues.ts';

/** An uploaded image: its public address and its size in pixels. */
export interface UploadedBuilderImage {
  url: string;
  width: number;
  height: number;
}

export interface InfoField {
  id: number;
  name: string;
}

/** Beside the builder (templates), or in the message's box of the plan diagram (plan editor). */
export type PreviewPlace = 'beside' | 'diagram';

/** What every part of the builder needs from the page, and the message's issues. */
export interface BuilderEnvironment {
  disabled: boolean;
  /** Where the page shows the message's preview, for the hints that point at it. */
  previewPlace: PreviewPlace;
  uploadImage: (file: File) => Promise<UploadedBuilderImage>;
  infoFields: readonly InfoField[];
  issues: readonly BuilderIssue[];
  issuesByPath: ReadonlyMap<string, string[]>;
}

export const BuilderContext = createContext<BuilderEnvironment | null>(null);

export function useBuilder(): BuilderEnvironment {
  const environment = useContext(BuilderContext);
  if (!environment) throw new Error('useBuilder is used outside MessageBuilder');
  return environment;
}

const NONE: string[] = [];

/** The messages about exactly this field or list. */
export function useIssuesAt(path: ModelPath): string[] {
  return useBuilder().issuesByPath.get(pathKey(path)) ?? NONE;
}
