/** The data of the image crop dialog and its result (docs/behaviour/uploads.md#image-crop "Crop result", #image-crop). */

/** How the source picture was prepared before cropping. */
export interface CropPicture {
  /** Size of the picture the crop applies to (after downscaling). */
  width: number;
  height: number;
  /** Size of the file as decoded. */
  originalWidth: number;
  originalHeight: number;
  downscaled: boolean;
}

/** The clip chosen in the dialog. */
export interface CropClip {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Preset label ("16:9", …) or null for a free ratio. */
  ratio: string | null;
  /** Display px per picture px when confirmed. */
  scale: number;
}

/** Crop result (docs/behaviour/uploads.md#image-crop): image, width, height, x, y, w, h, cropRecord (picture and clip). */
export interface CropResult {
  /** The cropped picture as a file (JPEG when opaque, else PNG). */
  image: Blob;
  /** Size of `image`. */
  width: number;
  height: number;
  /** The rectangle in picture pixels. */
  x: number;
  y: number;
  w: number;
  h: number;
  cropRecord: { picture: CropPicture; clip: CropClip };
}

export interface CropDialogData {
  /** The picked file (JPEG, PNG or WebP). */
  source: Blob;
  /** The model's ratio bounds (width / height); only presets within them are offered (docs/behaviour/uploads.md#aspect-ratios). */
  minRatio?: number | null;
  maxRatio?: number | null;
  /** The model's largest side; the picture is downscaled when a side exceeds min(maxValue, 2000). */
  maxValue?: number | null;
  /** Preset label to start with; default: the first offered one. */
  initialRatio?: string;
  onConfirm: (result: CropResult) => void;
  onCancel?: () => void;
  /**
   * The picture could not be read: the dialog closes (it never shows a decoder's error under its
   * title) and calls this, or shows a translated toast when there is none.
   */
  onUnreadable?: () => void;
}
