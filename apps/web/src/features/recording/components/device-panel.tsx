import { pickShownDeviceId, type MediaDeviceOption } from '../utils/devices';
import { DeviceSelects } from './device-selects';
import { LevelMeter } from './level-meter';

/** The camera and microphone choice, with a level meter to check the microphone by. */
export function DevicePanel({
  cameras,
  microphones,
  chosenCameraId,
  chosenMicrophoneId,
  stream,
  level,
  isDisabled,
  onCameraChange,
  onMicrophoneChange,
}: {
  cameras: MediaDeviceOption[];
  microphones: MediaDeviceOption[];
  chosenCameraId: string;
  chosenMicrophoneId: string;
  /** The live stream; its tracks tell which devices are really in use. */
  stream: MediaStream | null;
  level: number;
  isDisabled: boolean;
  onCameraChange: (deviceId: string) => void;
  onMicrophoneChange: (deviceId: string) => void;
}) {
  const activeCameraId = stream?.getVideoTracks()[0]?.getSettings().deviceId ?? '';
  const activeMicrophoneId = stream?.getAudioTracks()[0]?.getSettings().deviceId ?? '';
  return (
    <section
      aria-label="Camera and microphone"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm"
    >
      <DeviceSelects
        cameras={cameras}
        microphones={microphones}
        cameraId={pickShownDeviceId(cameras, activeCameraId, chosenCameraId)}
        microphoneId={pickShownDeviceId(microphones, activeMicrophoneId, chosenMicrophoneId)}
        isDisabled={isDisabled}
        onCameraChange={onCameraChange}
        onMicrophoneChange={onMicrophoneChange}
      />
      <div>
        <p className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          Microphone level
        </p>
        <LevelMeter level={level} isActive={stream !== null} tone="light" />
        <p className="mt-1 text-xs text-slate-600">
          Speak as in your answers: the bar should reach the green, rarely the red.
        </p>
      </div>
    </section>
  );
}
