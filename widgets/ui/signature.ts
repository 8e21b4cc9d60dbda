/** The signature is the patient's typed name, or a picture of it (a data URL) from a signing pad. */
export function isSignatureImage(signature: string): boolean {
  return /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,/i.test(signature.trim());
}
