/**
 * The first frame of an uploaded video as a picture, for painting the video eraser's mask over
 * it (the mask has the video's frame size). Decoded by the browser's own video element.
 */

export interface Poster {
  /** Object URL of a PNG of the first frame. */
  src: string;
  width: number;
  height: number;
}

export function videoPoster(url: string): Promise<Poster> {
  return new Promise((resolve, reject) => {
    const video = document.createElement("video");
    video.muted = true;
    video.playsInline = true;
    video.preload = "auto";
    video.onerror = () => reject(new Error("the video could not be decoded"));
    // `loadeddata`: the frame at the current position (the first) is available.
    video.onloadeddata = () => {
      const width = video.videoWidth;
      const height = video.videoHeight;
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext("2d");
      if (!ctx || width === 0 || height === 0) {
        reject(new Error("the video has no picture"));
        return;
      }
      ctx.drawImage(video, 0, 0, width, height);
      canvas.toBlob((blob) => {
        video.removeAttribute("src");
        video.load();
        if (blob) resolve({ src: URL.createObjectURL(blob), width, height });
        else reject(new Error("the first frame could not be encoded"));
      }, "image/png");
    };
    video.src = url;
  });
}
