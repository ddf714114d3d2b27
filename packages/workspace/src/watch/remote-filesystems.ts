import fs from 'node:fs';

/**
 * File systems whose changes made elsewhere (another machine, the Windows side of WSL, a
 * FUSE daemon) never reach inotify: a workspace on one is checked by stat on every call.
 * Magic numbers from statfs(2).
 */
const REMOTE_TYPES = new Set([
  0x6969, // NFS
  0x517b, // SMB
  0xfe534d42, // SMB2
  0xff534d42, // CIFS
  0x65735546, // FUSE (sshfs, rclone, …)
  0x01021997, // 9P (WSL's Windows drives, VM shares)
  0x00c36400, // Ceph
  0x5346414f, // AFS
  0x6b414653, // kAFS
  0x73757245, // Coda
  0x47504653, // GPFS
  0x0bd00bd0, // Lustre
  0xa501fcf5, // VirtualBox shared folders
  0x786f4256, // vboxsf
]);

/** Whether events can be trusted for changes under `dir` (false when its file system cannot be identified). */
export function isLocalFileSystem(dir: string): boolean {
  try {
    return !REMOTE_TYPES.has(fs.statfsSync(dir).type);
  } catch {
    return false;
  }
}
