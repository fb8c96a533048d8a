import { Camera, Mic } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MediaDeviceOption } from '../utils/devices';

function DeviceSelect({
  id,
  label,
  icon,
  options,
  value,
  isDisabled,
  onChange,
  emptyText,
}: {
  id: string;
  label: string;
  icon: ReactNode;
  options: MediaDeviceOption[];
  value: string;
  isDisabled: boolean;
  onChange: (deviceId: string) => void;
  emptyText: string;
}) {
  return (
    <div className="min-w-0 flex-1">
      <label
        htmlFor={id}
        className="mb-1 flex items-center gap-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase"
      >
        {icon}
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={isDisabled || options.length === 0}
        onChange={(event) => onChange(event.target.value)}
        className="block h-9 w-full truncate rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-800 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500"
      >
        {options.length === 0 ? <option value="">{emptyText}</option> : null}
        {options.map((option) => (
          <option key={option.deviceId} value={option.deviceId}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Camera and microphone choice; a change restarts the preview with that device. */
export function DeviceSelects({
  cameras,
  microphones,
  cameraId,
  microphoneId,
  isDisabled,
  onCameraChange,
  onMicrophoneChange,
}: {
  cameras: MediaDeviceOption[];
  microphones: MediaDeviceOption[];
  cameraId: string;
  microphoneId: string;
  isDisabled: boolean;
  onCameraChange: (deviceId: string) => void;
  onMicrophoneChange: (deviceId: string) => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <DeviceSelect
        id="recording-camera"
        label="Camera"
        icon={<Camera className="size-3.5" aria-hidden="true" />}
        options={cameras}
        value={cameraId}
        isDisabled={isDisabled}
        onChange={onCameraChange}
        emptyText="No camera found"
      />
      <DeviceSelect
        id="recording-microphone"
        label="Microphone"
        icon={<Mic className="size-3.5" aria-hidden="true" />}
        options={microphones}
        value={microphoneId}
        isDisabled={isDisabled}
        onChange={onMicrophoneChange}
        emptyText="No microphone found"
      />
    </div>
  );
}
