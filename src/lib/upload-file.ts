/**
 * Posts a file to a Convex upload URL and returns the storage id. XMLHttpRequest rather than
 * fetch because only it reports upload progress, which the wizard shows per image.
 */
export function uploadFile(url: string, body: Blob, onProgress?: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("Content-Type", body.type || "application/octet-stream");
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const storageId = (request.response as { storageId?: unknown } | null)?.storageId;
      if (request.status >= 200 && request.status < 300 && typeof storageId === "string") {
        onProgress?.(1);
        resolve(storageId);
      } else {
        reject(new Error(`upload failed with HTTP ${request.status}`));
      }
    };
    request.onerror = () => reject(new Error("upload failed: network error"));
    request.onabort = () => reject(new Error("upload aborted"));
    request.send(body);
  });
}
